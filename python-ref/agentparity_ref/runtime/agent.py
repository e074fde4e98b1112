"""An agent for the local runner: actions listening to event types, and resources."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .events import Event
from .resources import Resources
from .runner_context import RunnerContext

ActionFn = Callable[[Event, RunnerContext], "Awaitable[None] | None"]


@dataclass(frozen=True)
class Action:
    """Code that runs when an event of one of the listened types is processed."""

    name: str
    listens_to: tuple[str, ...]
    run: ActionFn


class Agent:
    """Actions run in the order added for each event they listen to; the runner adds the built-in
    chat-model and tool-call actions before them."""

    def __init__(self, resources: Resources | None = None, name: str = "agent") -> None:
        self.name = name
        self.actions: list[Action] = []
        self.resources = resources if resources is not None else Resources()

    def add_action(self, action: Action) -> Agent:
        if any(a.name == action.name for a in self.actions):
            raise ValueError(f"Duplicate action name: {action.name}")
        self.actions.append(action)
        return self

    def on(self, name: str, listens_to: list[str] | tuple[str, ...], run: Callable[[Event, Any], Any]) -> Agent:
        """A shorthand for an action given as a function."""
        return self.add_action(Action(name, tuple(listens_to), run))
