"""Checks of the defaults that make model instances, after the walk (mirrors `src/types/defaultChecks.ts`).

Each such default must be one the Python reference can make, and print the same in every run:
it does not need itself to be made, gives no value that only the Python reference could read,
is a value its model takes (a duration past `timedelta.min` stops `model_validate` with a bare
`OverflowError`: the default cannot be made), and holds no set whose order follows string hashes.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from . import declaration_messages as msg
from .build_models import build_classes
from .declaration import Declaration
from .declaration_tree import fail
from .default_needs import DefaultSite, DefaultWalk, GivesUnread, HoldsSet, Takes, TakesSet


def check_instance_defaults(declaration: Declaration) -> None:
    """What making each instance-making default takes, depth first from each in declaration order
    (a cycle is reported at the default that closes it); then, in the order they are made, each
    one's values that only Python reads, its value read by its model, and its unstable sets."""
    walk = DefaultWalk(declaration)
    if not walk.sites:
        return
    _check_cycles(walk)
    models: dict[str, type[BaseModel]] | None = None
    for site in walk.making_order():
        events = walk.events(site)
        for event in events:
            if isinstance(event, GivesUnread):
                fail(event.path, msg.unread_default_value(event.type))
        if models is None:
            # Classes without their instance defaults: reading a value only copies those. Only
            # the models that defaults make validate, so only they are built.
            made = {made_site.made.model for made_site in walk.sites if made_site.made.model is not None}
            models = build_classes(declaration, lambda *_: None, made)[1]
        _check_value(site, models)
        for event in events:
            if isinstance(event, TakesSet):
                fail(site.path, msg.takes_unstable_set(f"{event.model}.{event.field}"))
            if isinstance(event, HoldsSet):
                fail(event.path, msg.holds_unstable_set())


def _check_cycles(walk: DefaultWalk) -> None:
    state: dict[DefaultSite, str] = {}
    stack: list[DefaultSite] = []

    def visit(site: DefaultSite) -> None:
        state[site] = "active"
        stack.append(site)
        for event in walk.events(site):
            if not isinstance(event, Takes):
                continue
            if state.get(event.site) == "active":
                cycle = [*stack[stack.index(event.site) :], event.site]
                fail(site.path, msg.default_needs_itself([step.label for step in cycle]))
            if event.site not in state:
                visit(event.site)
        stack.pop()
        state[site] = "done"

    for site in walk.sites:
        if site not in state:
            visit(site)


def _check_value(site: DefaultSite, models: dict[str, type[BaseModel]]) -> None:
    assert site.made.model is not None
    try:
        models[site.made.model].model_validate(site.made.value)
    except ValidationError as error:
        first: Any = error.errors()[0]
        where = ".".join(str(step) for step in first["loc"])
        fail(site.value_path, msg.refused_default(site.made.model, first["msg"], where))
    except OverflowError as error:
        fail(site.value_path, msg.overflowing_default(site.made.model, str(error)))
