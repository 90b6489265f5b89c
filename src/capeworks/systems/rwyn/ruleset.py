"""Roll When You Need as a capeworks ruleset: commands in, events out, state folded.

Dispatches each command to the pure rule modules (pool, checks, effects,
stress, wealth, characters) and records what happened as events. Implements
RWYN-GEN-001 (a roll happens only when a seat asks for one), RWYN-GEN-003
(only players' characters roll; enemy moves are difficulties, see ``defend``)
and the order of RWYN-SAC-001 across commands: when a sacrifice is possible
the check waits for the ``sacrifice`` answer before its disaster dice roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from capeworks.engine import Audience, Context, DiceService, Event, Prompt, PromptOption, Ruleset, Viewer
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.systems.rwyn import checks as ck
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import effects, stress, wealth
from capeworks.systems.rwyn.characters import (
    SAMPLE_CHARACTERS,
    build_character,
    check_rating,
    make_quality,
    make_talent,
)
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.pool import PoolPlan, build_pool, check_difficulty, disaster_pool
from capeworks.systems.rwyn.render import describe_event
from capeworks.systems.rwyn.sheet import Character, Standing
from capeworks.systems.rwyn.state import EventType, RwynState, fold

__all__ = ["RwynRuleset"]

E = EventType


def _json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


class _Batch:
    """The events of one command, folded as they are made so later steps see earlier ones."""

    def __init__(self, state: RwynState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(
        self,
        type_: EventType,
        data: dict[str, Any],
        *,
        rolls: tuple[Any, ...] = (),
        audience: Audience | None = None,
    ) -> None:
        clean = {k: _json(v) for k, v in data.items()}
        event = Event(type=type_.value, data=clean, rolls=rolls, audience=audience or Audience.all())
        self.state = fold(self.state, event)
        self.events.append(event)


class RwynRuleset(Ruleset[RwynState, RwynConfig]):
    """Roll When You Need: d6 pools, disaster dice, effects, stress and consequences."""

    name = "rwyn"
    title = "Roll When You Need"
    config_model = RwynConfig
    state_model = RwynState
    commands: ClassVar[Mapping[str, type[BaseModel]]] = cmd.COMMANDS
    has_gm = True

    # -- the Ruleset protocol -------------------------------------------------------------------

    def initial_state(self, config: RwynConfig) -> RwynState:
        return RwynState(config=config)

    def apply(self, state: RwynState, event: Event) -> RwynState:
        return fold(state, event)

    def view(self, state: RwynState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        if not viewer.is_gm:
            data["gm_notes"] = []
        return data

    def prompts(self, state: RwynState) -> list[Prompt]:
        out: list[Prompt] = []
        for check in state.checks.values():
            out.extend(effects.check_prompts(check, ck.rules_for(check.kind, state.config)))
        for c in state.characters.values():
            if c.overflow is not None:
                rung = c.next_consequence()
                assert rung is not None
                out.append(
                    Prompt(
                        id=f"char-{c.id}:consequence",
                        seat=c.owner,
                        kind="consequence",
                        rule="RWYN-STRESS-002",
                        question=(
                            f"{c.name}'s {c.overflow.value} stress is full: take a {rung.value} consequence, "
                            "or be taken out of the conflict?"
                        ),
                        options=(
                            PromptOption(value="consequence", label=f"take a {rung.value} consequence"),
                            PromptOption(value="taken_out", label="be taken out (RWYN-STRESS-003)"),
                        ),
                        default="consequence",
                        free_text=True,
                        context={"character": c.id, "severity": rung.value},
                    )
                )
            if c.standing is Standing.OUT_FOR_GOOD and not c.out_how:
                out.append(
                    Prompt(
                        id=f"char-{c.id}:outcome",
                        seat=effects.GM,
                        kind="outcome",
                        rule="RWYN-STRESS-005",
                        question=f"A fourth consequence takes {c.name} out: how (death, social ruin ...)?",
                        free_text=True,
                        context={"character": c.id},
                    )
                )
        return out

    def describe(self, event: Event) -> str:
        return describe_event(event)

    def sample_session(self) -> SampleSession:
        from capeworks.systems.rwyn.samples import sample_session

        return sample_session()

    def decide(
        self, state: RwynState, context: Context, command: BaseModel, dice: DiceService
    ) -> list[Event]:
        batch = _Batch(state)
        handler = getattr(self, f"_do_{type(command).__name__}", None)
        if handler is None:  # pragma: no cover - every command has a handler (tested)
            raise InvalidCommand(f"{type(command).__name__} is not a Roll When You Need command.")
        handler(batch, context, command, dice)
        return batch.events

    # -- helpers --------------------------------------------------------------------------------

    @staticmethod
    def _character(state: RwynState, character_id: str) -> Character:
        try:
            return state.characters[character_id]
        except KeyError:
            known = ", ".join(state.characters) or "none yet"
            raise NotFound(f"There is no character {character_id!r} at this table. Known: {known}.") from None

    @staticmethod
    def _control(context: Context, character: Character) -> None:
        """Players act only for their own characters; the GM for anyone."""
        if not context.is_gm and context.actor.id != character.owner:
            raise NotPermitted(
                f"You can only act for your own characters; {character.name} is played by another seat."
            )

    @staticmethod
    def _check(state: RwynState, check_id: int) -> ck.Check:
        try:
            return state.checks[check_id]
        except KeyError:
            raise NotFound(f"There is no open check {check_id}.") from None

    def _answerable(self, context: Context, check: ck.Check) -> None:
        if not context.is_gm and context.actor.id != check.owner:
            raise NotPermitted("Only the character's player or the GM can answer that.")

    @staticmethod
    def _ability(config: RwynConfig, name: str) -> str:
        ability = config.resolve_ability(name)
        if ability is None:
            raise InvalidCommand(
                f"There is no ability called {name!r} at this table. "
                f"Known: {', '.join(config.all_abilities())}."
            )
        return ability

    @staticmethod
    def _difficulty(config: RwynConfig, context: Context, difficulty: int) -> None:
        check_difficulty(difficulty, config.impossible_max)
        if difficulty > config.difficulty_max and not context.is_gm:
            raise NotPermitted(
                f"Difficulties run from 1 to {config.difficulty_max}; only the GM can set an Impossible one."
            )

    # -- characters -----------------------------------------------------------------------------

    def _do_AddCharacter(self, b: _Batch, context: Context, c: cmd.AddCharacter, dice: DiceService) -> None:
        if c.id in b.state.characters:
            raise InvalidCommand(f"A character with id {c.id!r} already exists.")
        owner = c.owner or ("" if context.is_gm else context.actor.id)
        if not owner:
            raise InvalidCommand("Say which seat plays the character: owner=SEAT.")
        if not context.is_gm and owner != context.actor.id:
            raise NotPermitted("Players create characters for themselves; the GM can create them for anyone.")
        if owner not in {s.id for s in context.seats}:
            raise NotFound(f"Nobody sits at seat {owner!r} at this table.")
        if c.sample:
            sample = SAMPLE_CHARACTERS.get(c.sample.lower())
            if sample is None:
                raise NotFound(
                    f"There is no sample character {c.sample!r}. Known: {', '.join(SAMPLE_CHARACTERS)}."
                )
            abilities: Mapping[str, int] = {**sample.abilities, **c.abilities}
            qualities = [*sample.qualities, *c.qualities]
            talents = [*sample.talents, *c.talents]
            name = c.name or sample.name
        else:
            abilities, qualities, talents, name = c.abilities, c.qualities, c.talents, c.name
        character = build_character(
            character_id=c.id,
            name=name,
            owner=owner,
            abilities=abilities,
            qualities=qualities,
            talents=talents,
            config=b.state.config,
        )
        b.emit(E.CHARACTER_ADDED, {"character": character})

    def _do_SetAbility(self, b: _Batch, context: Context, c: cmd.SetAbility, dice: DiceService) -> None:
        context.require_gm("set ability ratings")
        character = self._character(b.state, c.character)
        ability = self._ability(b.state.config, c.ability)
        check_rating(ability, c.rating, b.state.config)
        updated = character.model_copy(update={"abilities": {**character.abilities, ability: c.rating}})
        b.emit(E.ABILITY_SET, {"character": updated, "ability": ability, "rating": c.rating})

    def _do_AddQuality(self, b: _Batch, context: Context, c: cmd.AddQuality, dice: DiceService) -> None:
        character = self._character(b.state, c.character)
        self._control(context, character)
        quality = make_quality(c.benefit, c.drawback)
        updated = character.model_copy(update={"qualities": (*character.qualities, quality)})
        b.emit(E.QUALITY_ADDED, {"character": updated, "quality": quality})

    def _do_AddTalent(self, b: _Batch, context: Context, c: cmd.AddTalent, dice: DiceService) -> None:
        character = self._character(b.state, c.character)
        self._control(context, character)
        talent = make_talent(c.name, c.hook)
        updated = character.model_copy(update={"talents": (*character.talents, talent)})
        b.emit(E.TALENT_ADDED, {"character": updated, "talent": talent})

    # -- checks ---------------------------------------------------------------------------------

    def _quality_dice(
        self, context: Context, character: Character, c: cmd.Check, config: RwynConfig
    ) -> tuple[int, int]:
        """RWYN-CRIT-002 (PROPOSED): the GM may grant quality dice when the table turns them on."""
        if not (c.benefit or c.drawback):
            return 0, 0
        if config.quality_die_bonus == 0:
            raise RuleViolation(
                "RWYN-CRIT-002", "Qualities do not add dice at this table (quality_die_bonus is 0)."
            )
        context.require_gm("grant dice for a quality")
        bonus = drawback = 0
        if c.benefit:
            if not any(q.benefit.lower() == c.benefit.strip().lower() for q in character.qualities):
                raise NotFound(f"{character.name} has no quality with the benefit {c.benefit!r}.")
            bonus = config.quality_die_bonus
        if c.drawback:
            if not any(q.drawback.lower() == c.drawback.strip().lower() for q in character.qualities):
                raise NotFound(f"{character.name} has no quality with the drawback {c.drawback!r}.")
            drawback = config.quality_die_bonus
        return bonus, drawback

    def _roller(
        self, b: _Batch, context: Context, character_id: str, ability_name: str, difficulty: int
    ) -> tuple[Character, str]:
        """Who rolls what for ``check``/``defend``: their own character, in the conflict, a known ability."""
        character = self._character(b.state, character_id)
        self._control(context, character)
        stress.require_in_conflict(character)
        ability = self._ability(b.state.config, ability_name)
        self._difficulty(b.state.config, context, difficulty)
        return character, ability

    def _do_Check(self, b: _Batch, context: Context, c: cmd.Check, dice: DiceService) -> None:
        config = b.state.config
        character, ability = self._roller(b, context, c.character, c.ability, c.difficulty)
        bonus, drawback = self._quality_dice(context, character, c, config)
        plan = build_pool(
            character.rating(ability),
            c.difficulty,
            config,
            bonus_dice=bonus,
            drawback_dice=drawback,
            time=c.time,
        )
        self._roll(b, character, ck.CheckKind.TASK, ability, plan, dice, config, task=c.task)

    def _do_Defend(self, b: _Batch, context: Context, c: cmd.Defend, dice: DiceService) -> None:
        config = b.state.config
        character, ability = self._roller(b, context, c.character, c.ability, c.difficulty)
        plan = build_pool(character.rating(ability), c.difficulty, config)
        harm = config.default_harm if c.harm is None else c.harm
        self._roll(
            b,
            character,
            ck.CheckKind.DEFENCE,
            ability,
            plan,
            dice,
            config,
            task=c.move,
            harm=harm,
            track=c.track,
        )

    def _do_Buy(self, b: _Batch, context: Context, c: cmd.Buy, dice: DiceService) -> None:
        self._purchase(b, context, c.character, c.cost, c.item, wealth.Resource.WEALTH, dice)

    def _do_Favour(self, b: _Batch, context: Context, c: cmd.Favour, dice: DiceService) -> None:
        self._purchase(b, context, c.character, c.cost, c.item, wealth.Resource.REPUTATION, dice)

    def _purchase(
        self,
        b: _Batch,
        context: Context,
        character_id: str,
        cost: int,
        item: str,
        resource: wealth.Resource,
        dice: DiceService,
    ) -> None:
        """RWYN-ABIL-004..007 and -010: the band decides between buying, a check and an attempt."""
        character = self._character(b.state, character_id)
        self._control(context, character)
        rating = wealth.spendable(character, resource)
        band = wealth.purchase_band(cost, rating)
        kind = ck.CheckKind.PURCHASE if resource is wealth.Resource.WEALTH else ck.CheckKind.FAVOUR
        base = {"character_id": character.id, "name": character.name, "item": item, "cost": cost}
        if band is wealth.Band.UNRESTRICTED:
            b.emit(E.PURCHASED, {**base, "band": band.value, "resource": resource.value, "limit": None})
            return
        if band is wealth.Band.LIMITED:
            limit = b.state.config.limited_quantity_cap
            b.emit(E.PURCHASED, {**base, "band": band.value, "resource": resource.value, "limit": limit})
            if limit is None:
                plan = PoolPlan(
                    rating=rating,
                    difficulty=max(cost, 1),
                    ability_nominal=0,
                    ability_dice=0,
                    cap_auto=0,
                    disaster_nominal=0,
                )
                check = ck.Check(
                    id=b.state.next_check,
                    character=character.id,
                    owner=character.owner,
                    kind=kind,
                    ability=resource.value,
                    task=item,
                    plan=plan,
                    stage=ck.Stage.ANSWERS,
                    rolled=False,
                    cost=cost,
                    item=item,
                    success=True,
                    effects=(),
                    complications=(),
                    needs_quantity=True,
                )
                b.emit(E.CHECK_ROLLED, {"check": check, "name": character.name})
            return
        core = ck.rules_for(kind, b.state.config)
        plan = build_pool(rating, cost, core)
        self._roll(b, character, kind, resource.value, plan, dice, core, task=item, cost=cost, item=item)

    def _roll(
        self,
        b: _Batch,
        character: Character,
        kind: ck.CheckKind,
        ability: str,
        plan: PoolPlan,
        dice: DiceService,
        config: RwynConfig,
        *,
        task: str = "",
        harm: int = 0,
        track: Any = None,
        cost: int = 0,
        item: str = "",
    ) -> None:
        """RWYN-SAC-001 step one: roll the ability pool; go on unless a sacrifice is possible."""
        roll = dice.roll(plan.ability_dice, config.die_size, purpose=f"{ability} dice")
        check = ck.start(
            check_id=b.state.next_check,
            character=character,
            kind=kind,
            ability=ability,
            plan=plan,
            faces=roll.faces,
            config=config,
            task=task,
            harm=harm,
            track=track,
            cost=cost,
            item=item,
        )
        b.emit(E.CHECK_ROLLED, {"check": check, "name": character.name}, rolls=(roll,))
        if check.stage is ck.Stage.DISASTER:
            self._disaster(b, check, dice, config)

    def _disaster(self, b: _Batch, check: ck.Check, dice: DiceService, config: RwynConfig) -> None:
        """RWYN-SAC-001 step three: roll what is left of the disaster dice, then judge."""
        if check.plan.disaster_nominal > 0:
            left = disaster_pool(check.plan, check.sacrificed, config)
            roll = dice.roll(left.dice, config.die_size, purpose="disaster dice")
            check = ck.with_disaster(check, roll.faces, config)
            b.emit(
                E.DISASTER_ROLLED,
                {"check": check, "name": b.state.characters[check.character].name},
                rolls=(roll,),
            )
        character = b.state.characters[check.character]
        if ck.wants_reroll(check, character):
            check = check.model_copy(update={"stage": ck.Stage.REROLL})
            b.emit(E.REROLL_OFFERED, {"check": check, "name": character.name})
            return
        self._finish(b, check, config)

    def _finish(self, b: _Batch, check: ck.Check, config: RwynConfig) -> None:
        character = b.state.characters[check.character]
        check = ck.finish(check, character, config)
        b.emit(E.CHECK_RESOLVED, {"check": check, "name": character.name})
        if check.kind in (ck.CheckKind.PURCHASE, ck.CheckKind.FAVOUR):
            resource = wealth.Resource(check.ability)
            if check.disaster_successes:
                updated, lost = wealth.lose_points(character, resource, check.disaster_successes)
                b.emit(
                    E.POINTS_LOST,
                    {"character": updated, "resource": resource.value, "points": lost, "check_id": check.id},
                )
            if check.success:
                b.emit(
                    E.PURCHASED,
                    {
                        "character_id": character.id,
                        "name": character.name,
                        "item": check.item,
                        "cost": check.cost,
                        "band": wealth.purchase_band(check.cost, check.plan.rating).value,
                        "resource": resource.value,
                        "limit": None,
                        "check_id": check.id,
                    },
                )
        if check.kind is ck.CheckKind.DEFENCE and check.track is not None:
            amount = stress.harm_from_move(
                harm=check.harm, success=bool(check.success), disaster_successes=check.disaster_successes
            )
            if amount:
                self._stress(b, check.character, check.track, amount, check_id=check.id)
        self._maybe_close(b, check.id)

    def _maybe_close(self, b: _Batch, check_id: int) -> None:
        check = b.state.checks[check_id]
        if effects.is_complete(check):
            b.emit(E.CHECK_CLOSED, {"check_id": check_id, "name": b.state.characters[check.character].name})

    def _stress(
        self, b: _Batch, character_id: str, track: Any, amount: int, *, check_id: int | None = None
    ) -> None:
        character = b.state.characters[character_id]
        updated, result = stress.add_stress(character, track, amount, b.state.config)
        b.emit(
            E.STRESS_TAKEN,
            {
                "character": updated,
                "track": track.value,
                "amount": amount,
                "result": result.value,
                "check_id": check_id,
            },
        )
        if result is stress.StressResult.TAKEN_OUT:
            b.emit(E.TAKEN_OUT, {"character": updated, "by_choice": False, "how": ""})

    # -- answers --------------------------------------------------------------------------------

    def _do_Sacrifice(self, b: _Batch, context: Context, c: cmd.Sacrifice, dice: DiceService) -> None:
        check = self._check(b.state, c.check)
        self._answerable(context, check)
        check = ck.apply_sacrifice(check, c.count)
        b.emit(
            E.SACRIFICED, {"check": check, "count": c.count, "name": b.state.characters[check.character].name}
        )
        self._disaster(b, check, dice, ck.rules_for(check.kind, b.state.config))

    def _do_Reroll(self, b: _Batch, context: Context, c: cmd.Reroll, dice: DiceService) -> None:
        check = self._check(b.state, c.check)
        self._answerable(context, check)
        if check.stage is not ck.Stage.REROLL:
            raise RuleViolation("RWYN-TRAIT-004", f"Check {check.id} has no re-roll on offer.")
        config = ck.rules_for(check.kind, b.state.config)
        if c.use:
            roll = dice.roll(
                len(check.disaster_faces or ()), config.die_size, purpose="disaster dice re-roll"
            )
            check = ck.with_disaster(check, roll.faces, config, reroll=True)
            b.emit(
                E.DISASTER_REROLLED,
                {"check": check, "name": b.state.characters[check.character].name},
                rolls=(roll,),
            )
        else:
            check = check.model_copy(update={"reroll_used": True})
        self._finish(b, check, config)

    def _answer(self, b: _Batch, type_: EventType, check: ck.Check, **extra: Any) -> None:
        b.emit(type_, {"check": check, "name": b.state.characters[check.character].name, **extra})
        self._maybe_close(b, check.id)

    def _do_Effects(self, b: _Batch, context: Context, c: cmd.Effects, dice: DiceService) -> None:
        check = self._check(b.state, c.check)
        self._answerable(context, check)
        self._answer(b, E.EFFECTS_CHOSEN, effects.choose_effects(check, c.picks))

    def _do_Complications(self, b: _Batch, context: Context, c: cmd.Complications, dice: DiceService) -> None:
        context.require_gm("name complications")
        check = self._check(b.state, c.check)
        self._answer(b, E.COMPLICATIONS_CHOSEN, effects.choose_complications(check, c.texts))

    def _do_Mixed(self, b: _Batch, context: Context, c: cmd.Mixed, dice: DiceService) -> None:
        context.require_gm("describe a mixed result")
        check = self._check(b.state, c.check)
        self._answer(b, E.MIXED_NOTED, effects.note_mixed(check, c.text))

    def _do_Critical(self, b: _Batch, context: Context, c: cmd.Critical, dice: DiceService) -> None:
        check = self._check(b.state, c.check)
        self._answerable(context, check)
        self._answer(b, E.CRITICAL_CHOSEN, effects.choose_critical(check, c.target, c.text))

    def _do_Quantity(self, b: _Batch, context: Context, c: cmd.Quantity, dice: DiceService) -> None:
        context.require_gm("limit quantities")
        check = self._check(b.state, c.check)
        self._answer(b, E.QUANTITY_SET, effects.set_quantity(check, c.limit))

    # -- stress and consequences ----------------------------------------------------------------

    def _do_Stress(self, b: _Batch, context: Context, c: cmd.Stress, dice: DiceService) -> None:
        context.require_gm("deal stress")
        self._character(b.state, c.character)
        self._stress(b, c.character, c.track, c.amount)

    def _do_ConsequenceCmd(
        self, b: _Batch, context: Context, c: cmd.ConsequenceCmd, dice: DiceService
    ) -> None:
        character = self._character(b.state, c.character)
        self._control(context, character)
        if c.choice is cmd.ConsequenceChoice.TAKEN_OUT:
            b.emit(
                E.TAKEN_OUT,
                {"character": stress.choose_taken_out(character, c.text), "by_choice": True, "how": c.text},
            )
            return
        updated, rung = stress.take_consequence(character, c.text)
        b.emit(E.CONSEQUENCE_TAKEN, {"character": updated, "severity": rung.value, "text": c.text})

    def _do_Outcome(self, b: _Batch, context: Context, c: cmd.Outcome, dice: DiceService) -> None:
        context.require_gm("decide how a character is taken out")
        character = self._character(b.state, c.character)
        b.emit(E.OUT_DECIDED, {"character": stress.set_out_how(character, c.text), "how": c.text})

    def _do_Recover(self, b: _Batch, context: Context, c: cmd.Recover, dice: DiceService) -> None:
        context.require_gm("clear consequences")
        character = self._character(b.state, c.character)
        b.emit(
            E.RECOVERED, {"character": stress.recover(character, c.severity), "severity": c.severity.value}
        )

    def _end(self, b: _Batch, context: Context, *, session: bool) -> None:
        context.require_gm("end the scene" if not session else "end the session")
        config = b.state.config
        changed = [stress.end_scene(ch, config, session=session) for ch in b.state.characters.values()]
        b.emit(E.SCENE_ENDED, {"characters": changed, "session": session})

    def _do_EndScene(self, b: _Batch, context: Context, c: cmd.EndScene, dice: DiceService) -> None:
        self._end(b, context, session=False)

    def _do_EndSession(self, b: _Batch, context: Context, c: cmd.EndSession, dice: DiceService) -> None:
        self._end(b, context, session=True)

    # -- advancement ----------------------------------------------------------------------------

    def _do_AwardXp(self, b: _Batch, context: Context, c: cmd.AwardXp, dice: DiceService) -> None:
        context.require_gm("award XP")
        character = self._character(b.state, c.character)
        b.emit(
            E.XP_AWARDED,
            {"character": character.model_copy(update={"xp": character.xp + c.amount}), "amount": c.amount},
        )

    def _do_BuyBack(self, b: _Batch, context: Context, c: cmd.BuyBack, dice: DiceService) -> None:
        character = self._character(b.state, c.character)
        self._control(context, character)
        updated, xp = wealth.buy_back(character, c.resource, c.points, b.state.config)
        b.emit(
            E.BOUGHT_BACK, {"character": updated, "resource": c.resource.value, "points": c.points, "xp": xp}
        )

    def _do_GmNote(self, b: _Batch, context: Context, c: cmd.GmNote, dice: DiceService) -> None:
        context.require_gm("write private notes")
        b.emit(E.GM_NOTE, {"text": c.text}, audience=Audience.gm_only())
