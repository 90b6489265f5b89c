"""Shared pytest set-up."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from capeworks.engine import Batch
from capeworks.systems.weaverdice import copies

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# every batch folds the events given with the state they fold to, and checks the two agree
Batch.check_folds = True
# every Weaverdice model made from trusted values is validated as well, and must come out the same
copies.CHECK = True
