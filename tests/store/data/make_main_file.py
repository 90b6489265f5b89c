"""How ``main_0003.sqlite3`` was made: this script, run with the store as main had it at 4095348.

That store ran every statement through SQLAlchemy Core, so the file holds what
SQLAlchemy's column types wrote (times, JSON), schema revision 0003. Run now,
it would write through the standard library instead, so it is kept as the
record of how the file was made, not to be run again::

    PYTHONPATH=. python tests/store/data/make_main_file.py tests/store/data/main_0003.sqlite3
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.engine.toy import Toy
from tests.store.conftest import SEATS

from capeworks.engine import Command, Seat
from capeworks.store import Store


def main(path: Path) -> None:
    path.unlink(missing_ok=True)
    toy = Toy()
    with Store(f"sqlite:///{path}", resolve_ruleset=lambda name: toy, snapshot_every=4) as store:
        created = store.create_table(toy, title="Written by main", seats=SEATS, seed=5)
        table_id = created.id
        for n in range(6):
            add = Command(type="add", seat="ann", payload={"dice": 2})
            store.execute(table_id, add, request_id=f"req-{n}")
            store.execute(table_id, Command(type="note", seat="gm", payload={"text": f"note {n} ünïcødé"}))
        store.join(table_id, Seat(id="bo", name="Bo"), by="gm")
        store.undo(table_id, "gm")
        print(table_id, store.record(table_id), store.verify(table_id))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
