"""build_models and render_schema against hand-written pydantic classes.

Each case declares models in the neutral format and writes the same models by hand; the schema
pydantic prints for the hand-written root is the expectation.
"""

from __future__ import annotations

import datetime
import decimal
import enum
import json
import uuid
from typing import Annotated, Any, Callable, Literal, Optional, Union

import pytest
from pydantic import AnyUrl, BaseModel, ConfigDict, Field, HttpUrl, computed_field

from agentparity_ref.pyjson import load_yaml
from agentparity_ref.types import MODULE, build_models, read_declaration, render_schema


def _declaration(body: str):
    return read_declaration(load_yaml(f"format: pydantic-neutral-declaration/1\n{body}"))


def _text(schema: dict) -> str:
    return json.dumps(schema)


# --- hand-written models ---------------------------------------------------------------------


class Review(BaseModel):
    """A review request.

    Indented second line.
    """

    path: str = Field(description="File to review", examples=["a.py"])
    lines: int = 0
    ratio: float = 2.0
    payload: bytes


class Color(str, enum.Enum):
    """Paint colors."""

    RED = "r"
    GREEN = "g"


class Level(enum.Enum):
    LOW = 1
    HIGH = "h"


class Inner(BaseModel):
    z: Annotated[int, Field(ge=0)] = 5


class Address(BaseModel):
    city: str
    inner: Optional[Inner] = Inner()


class Person(BaseModel):
    model_config = ConfigDict(title="A person", extra="forbid", json_schema_extra={"x-b": 1, "x-a": [2.0]})

    name: str = Field(alias="fullName", title="Name!", deprecated=True)
    home: Address = Address(city="Oslo")
    color: Color = Color.GREEN
    level: Optional[Level] = None
    tags: set[int] = {3, 1, 2}
    pair: tuple[int, str] = (1, "a")
    nothing: tuple[()] = ()
    many: tuple[float, ...] = Field(default_factory=tuple)
    extra: dict[str, Any] = Field(default_factory=dict, json_schema_extra={"x-note": "free"})
    keyed: dict[Literal["a", "b"], int] = {}
    when: datetime.datetime = datetime.datetime(2024, 1, 31, 12, 30, tzinfo=datetime.timezone.utc)
    day: datetime.date = datetime.date(2024, 2, 29)
    at: datetime.time = datetime.time(7, 5)
    span: datetime.timedelta = datetime.timedelta(hours=1, seconds=30)
    ident: uuid.UUID = uuid.UUID("12345678-1234-5678-1234-567812345678")
    price: decimal.Decimal = decimal.Decimal("1.50")
    link: HttpUrl | None = None
    anything: AnyUrl | None = None
    blob: bytes = b"hi"
    frozen: frozenset[str] = frozenset({"b", "a"})
    score: Annotated[float, Field(gt=0.5, le=10)] = 1
    code: str = Field("x", pattern="^[a-z]+$", min_length=1, max_length=8)
    items: list[Annotated[int, Field(multiple_of=2)]] = Field([], min_length=0)


class Node(BaseModel):
    value: int
    children: list["Node"] = Field(default_factory=list)
    parent: Optional["Node"] = None


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"]


class Pet(BaseModel):
    pet: Union[Cat, Dog] = Field(discriminator="kind")
    maybe: Optional[Union[Cat, Dog]] = Field(None, discriminator="kind")


class Invoice(BaseModel):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    amount: decimal.Decimal = decimal.Decimal("0")
    note: str = Field("", serialization_alias="memo", validation_alias="note_in")

    @computed_field(description="Amount with tax")  # type: ignore[prop-decorator]
    @property
    def total(self) -> decimal.Decimal:
        return self.amount


class Mixed(enum.Enum):
    """Mixed values."""

    ONE = 1
    TWO = "two"
    HALF = 0.5


class Rank(int, enum.Enum):
    LOW = 1
    HIGH = 2


class Choice(BaseModel):
    """Étiquette: «choix»."""

    model_config = ConfigDict(title="Choix")

    mixed: Mixed = Mixed.HALF
    rank: Optional[Rank] = Field(None, description="Rang — optionnel")
    verdict: Literal["approve", "reject"] = "approve"
    flag: Literal[True] = True
    level: Literal[1, "one", None] = None
    unicode_éclair: str = Field("é", examples=["ü", "ß"])
    http_url2x: Annotated[Optional[str], Field(max_length=9)] = None
    nested: list[dict[str, Optional[Rank]]] = Field(default_factory=list)


class Tool(BaseModel):
    run: Callable[..., Any]


class Leaf(BaseModel):
    x: int


class Holder(BaseModel):
    leaf: Leaf = Leaf(x=1)


class Middle(BaseModel):
    holder: Holder


class Outer(BaseModel):
    middle: Middle


class Spot(BaseModel):
    y: int


class Place(BaseModel):
    spot: Spot = Spot(y=2)


class Trip(BaseModel):
    place: Place


class Plan(BaseModel):
    trip: Trip = Trip.model_validate({"place": {}})


CASES = {
    "scalars, docs and metadata": (
        """root: Review
models:
  - name: Review
    doc: "A review request.\\n\\n    Indented second line.\\n    "
    fields:
      - {name: path, type: {type: str}, required: true, description: File to review, examples: [a.py]}
      - {name: lines, type: {type: int}, required: false, default: {kind: int, value: 0}}
      - {name: ratio, type: {type: float}, required: false, default: {kind: float, value: 2}}
      - {name: payload, type: {type: bytes}, required: true}
""",
        Review,
        "validation",
    ),
    "every default kind, config, aliases and constraints": (
        """root: Person
enums:
  - {name: Color, doc: Paint colors., base: str, members: [{name: RED, value: r}, {name: GREEN, value: g}]}
  - {name: Level, members: [{name: LOW, value: 1}, {name: HIGH, value: h}]}
models:
  - name: Person
    config: {title: A person, extra: forbid, json_schema_extra: {x-b: 1, x-a: [2.0]}}
    fields:
      - {name: name, alias: fullName, title: Name!, deprecated: true, type: {type: str}, required: true}
      - {name: home, type: {type: model, name: Address}, required: false, default: {kind: model, model: Address, value: {city: Oslo}}}
      - {name: color, type: {type: enum, name: Color}, required: false, default: {kind: enum, enum: Color, value: g}}
      - {name: level, type: {type: union, members: [{type: enum, name: Level}, {type: none}]}, required: false, default: {kind: "null", value: null}}
      - {name: tags, type: {type: set, items: {type: int}}, required: false, default: {kind: set, value: [3, 1, 2]}}
      - {name: pair, type: {type: tuple, items: [{type: int}, {type: str}]}, required: false, default: {kind: tuple, value: [1, a]}}
      - {name: nothing, type: {type: tuple, items: []}, required: false, default: {kind: tuple, value: []}}
      - {name: many, type: {type: tuple, items: [{type: float}], variadic: true}, required: false, default_factory: {returns: {kind: tuple, value: []}}}
      - {name: extra, type: {type: dict, keys: {type: str}, values: {type: any}}, required: false, default_factory: {builtin: dict}, json_schema_extra: {x-note: free}}
      - {name: keyed, type: {type: dict, keys: {type: literal, values: [a, b]}, values: {type: int}}, required: false, default: {kind: dict, value: {}}}
      - {name: when, type: {type: datetime}, required: false, default: {kind: datetime, value: "2024-01-31T12:30Z"}}
      - {name: day, type: {type: date}, required: false, default: {kind: date, value: "2024-02-29"}}
      - {name: at, type: {type: time}, required: false, default: {kind: time, value: "07:05"}}
      - {name: span, type: {type: timedelta}, required: false, default: {kind: timedelta, value: PT1H30S}}
      - {name: ident, type: {type: uuid}, required: false, default: {kind: uuid, value: 12345678-1234-5678-1234-567812345678}}
      - {name: price, type: {type: decimal}, required: false, default: {kind: decimal, value: "1.50"}}
      - {name: link, type: {type: union, members: [{type: url, variant: http}, {type: none}]}, required: false, default: {kind: "null", value: null}}
      - {name: anything, type: {type: union, members: [{type: url, variant: any}, {type: none}]}, required: false, default: {kind: "null", value: null}}
      - {name: blob, type: {type: bytes}, required: false, default: {kind: bytes, value: hi}}
      - {name: frozen, type: {type: frozenset, items: {type: str}}, required: false, default: {kind: frozenset, value: [b, a]}}
      - {name: score, type: {type: float, constraints: {gt: 0.5, le: 10}}, required: false, default: {kind: int, value: 1}}
      - {name: code, type: {type: str}, required: false, default: {kind: str, value: x}, constraints: {pattern: "^[a-z]+$", min_length: 1, max_length: 8}}
      - {name: items, type: {type: list, items: {type: int, constraints: {multiple_of: 2}}}, required: false, default: {kind: list, value: []}, constraints: {min_length: 0}}
  - name: Address
    fields:
      - {name: city, type: {type: str}, required: true}
      - {name: inner, type: {type: union, members: [{type: model, name: Inner}, {type: none}]}, required: false, default: {kind: model, model: Inner, value: {}}}
  - name: Inner
    fields:
      - {name: z, type: {type: int, constraints: {ge: 0}}, required: false, default: {kind: int, value: 5}}
""",
        Person,
        "validation",
    ),
    "recursion through forward references": (
        """root: Node
models:
  - name: Node
    fields:
      - {name: value, type: {type: int}, required: true}
      - {name: children, type: {type: list, items: {type: model, name: Node}}, required: false, default_factory: {builtin: list}}
      - {name: parent, type: {type: union, members: [{type: model, name: Node}, {type: none}]}, required: false, default: {kind: "null", value: null}}
""",
        Node,
        "validation",
    ),
    "discriminated unions": (
        """root: Pet
models:
  - name: Pet
    fields:
      - {name: pet, type: {type: union, members: [{type: model, name: Cat}, {type: model, name: Dog}]}, required: true, discriminator: kind}
      - {name: maybe, type: {type: union, members: [{type: model, name: Cat}, {type: model, name: Dog}, {type: none}]}, required: false, default: {kind: "null", value: null}, discriminator: kind}
  - name: Cat
    fields:
      - {name: kind, type: {type: literal, values: [cat]}, required: true}
      - {name: lives, type: {type: int}, required: false, default: {kind: int, value: 9}}
  - name: Dog
    fields:
      - {name: kind, type: {type: literal, values: [dog]}, required: true}
""",
        Pet,
        "validation",
    ),
    "serialization mode: computed field, aliases, defaults required": (
        """root: Invoice
mode: serialization
models:
  - name: Invoice
    config: {json_schema_serialization_defaults_required: true}
    fields:
      - {name: amount, type: {type: decimal}, required: false, default: {kind: decimal, value: "0"}}
      - {name: note, type: {type: str}, required: false, default: {kind: str, value: ""}, serialization_alias: memo, validation_alias: note_in}
    computed_fields:
      - {name: total, return_type: {type: decimal}, description: Amount with tax}
""",
        Invoice,
        "serialization",
    ),
    "enums of each base, literals and non-ASCII text": (
        """root: Choice
enums:
  - {name: Mixed, doc: Mixed values., members: [{name: ONE, value: 1}, {name: TWO, value: two}, {name: HALF, value: 0.5}]}
  - {name: Rank, base: int, members: [{name: LOW, value: 1}, {name: HIGH, value: 2}]}
models:
  - name: Choice
    doc: "Étiquette: «choix»."
    config: {title: Choix}
    fields:
      - {name: mixed, type: {type: enum, name: Mixed}, required: false, default: {kind: enum, enum: Mixed, value: 0.5}}
      - {name: rank, type: {type: union, members: [{type: enum, name: Rank}, {type: none}]}, required: false, default: {kind: "null", value: null}, description: Rang — optionnel}
      - {name: verdict, type: {type: literal, values: [approve, reject]}, required: false, default: {kind: str, value: approve}}
      - {name: flag, type: {type: literal, values: [true]}, required: false, default: {kind: bool, value: true}}
      - {name: level, type: {type: literal, values: [1, one, null]}, required: false, default: {kind: "null", value: null}}
      - {name: unicode_éclair, type: {type: str}, required: false, default: {kind: str, value: é}, examples: [ü, ß]}
      - {name: http_url2x, type: {type: union, members: [{type: str}, {type: none}]}, required: false, default: {kind: "null", value: null}, constraints: {max_length: 9}}
      - {name: nested, type: {type: list, items: {type: dict, keys: {type: str}, values: {type: union, members: [{type: enum, name: Rank}, {type: none}]}}}, required: false, default_factory: {builtin: list}}
""",
        Choice,
        "validation",
    ),
    # Outer reuses Middle's schema, which holds Holder's: each must show Holder's default made.
    "a model-instance default reached through models that have none": (
        """root: Outer
models:
  - {name: Outer, fields: [{name: middle, type: {type: model, name: Middle}, required: true}]}
  - {name: Middle, fields: [{name: holder, type: {type: model, name: Holder}, required: true}]}
  - {name: Holder, fields: [{name: leaf, type: {type: model, name: Leaf}, required: false, default: {kind: model, model: Leaf, value: {x: 1}}}]}
  - {name: Leaf, fields: [{name: x, type: {type: int}, required: true}]}
""",
        Outer,
        "validation",
    ),
    # Plan's default is a Trip whose value leaves out a Place field: making it takes Place's default.
    "a model-instance default whose value takes another model's default": (
        """root: Plan
models:
  - {name: Plan, fields: [{name: trip, type: {type: model, name: Trip}, required: false, default: {kind: model, model: Trip, value: {place: {}}}}]}
  - {name: Trip, fields: [{name: place, type: {type: model, name: Place}, required: true}]}
  - {name: Place, fields: [{name: spot, type: {type: model, name: Spot}, required: false, default: {kind: model, model: Spot, value: {y: 2}}}]}
  - {name: Spot, fields: [{name: y, type: {type: int}, required: true}]}
""",
        Plan,
        "validation",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_renders_what_pydantic_renders_for_the_hand_written_model(name: str) -> None:
    body, model, mode = CASES[name]
    declaration = _declaration(body)
    assert _text(render_schema(declaration)) == _text(model.model_json_schema(mode=mode))  # type: ignore[attr-defined]
    other = "serialization" if mode == "validation" else "validation"
    assert _text(render_schema(declaration, mode=other)) == _text(model.model_json_schema(mode=other))  # type: ignore[attr-defined]


def test_a_callable_field_builds_but_does_not_render() -> None:
    declaration = _declaration("root: Tool\nmodels: [{name: Tool, fields: [{name: run, type: {type: callable}, required: true}]}]")
    built = build_models(declaration)["Tool"]
    with pytest.raises(Exception) as ours:
        built.model_json_schema()  # type: ignore[attr-defined]
    with pytest.raises(Exception) as theirs:
        Tool.model_json_schema()
    assert type(ours.value) is type(theirs.value)
    assert str(ours.value) == str(theirs.value)


def test_built_classes_live_in_the_declared_module_with_real_defaults() -> None:
    body, _, _ = CASES["every default kind, config, aliases and constraints"]
    classes = build_models(_declaration(body))
    person = classes["Person"](fullName="Ada")
    assert classes["Person"].__module__ == MODULE and classes["Person"].__qualname__ == "Person"
    assert repr(classes["Person"]) == "<class 'agentparity.declared.Person'>"
    assert person.home == classes["Address"](city="Oslo") and isinstance(person.home.inner, classes["Inner"])
    assert person.color is classes["Color"].GREEN and isinstance(person.color, str)
    assert person.tags == {1, 2, 3} and person.pair == (1, "a") and person.blob == b"hi"
    assert person.span == datetime.timedelta(hours=1, seconds=30)
    assert person.when == datetime.datetime(2024, 1, 31, 12, 30, tzinfo=datetime.timezone.utc)
    assert person.ident == uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert person.price == decimal.Decimal("1.50") and str(person.price) == "1.50"
    # Factories make a fresh value each time.
    assert classes["Person"](fullName="B").extra is not person.extra


def test_enums_use_the_functional_api_with_their_docs() -> None:
    classes = build_models(
        _declaration("enums: [{name: Level, doc: Levels., base: int, members: [{name: LOW, value: 1}, {name: HIGH, value: 2}]}]")
    )
    level = classes["Level"]
    assert issubclass(level, int) and issubclass(level, enum.Enum)
    assert level.__doc__ == "Levels." and level.__module__ == MODULE
    assert [member.value for member in level] == [1, 2]


def test_a_computed_field_states_its_type_but_has_no_implementation() -> None:
    body, _, _ = CASES["serialization mode: computed field, aliases, defaults required"]
    invoice = build_models(_declaration(body))["Invoice"]()
    with pytest.raises(NotImplementedError, match="computed field 'total' of the declared model 'Invoice'"):
        invoice.total  # noqa: B018
    assert "total" not in repr(invoice)


def test_model_defaults_are_made_by_the_final_classes_in_dependency_order() -> None:
    declaration = _declaration(
        """models:
  - {name: A, fields: [{name: b, type: {type: model, name: B}, required: false, default: {kind: model, model: B, value: {x: 1}}}]}
  - {name: B, fields: [{name: x, type: {type: int}, required: true}, {name: c, type: {type: model, name: C}, required: false, default: {kind: model, model: C, value: {}}}]}
  - {name: C, fields: [{name: y, type: {type: int}, required: false, default: {kind: int, value: 2}}, {name: a, type: {type: union, members: [{type: model, name: A}, {type: none}]}, required: false, default: {kind: "null", value: null}}]}
"""
    )
    classes = build_models(declaration)
    default = classes["A"].model_fields["b"].default
    assert type(default) is classes["B"] and type(default.c) is classes["C"]
    # A is recursive (through C), so its schema is the $ref form.
    schema = classes["A"].model_json_schema()
    assert schema["$defs"]["A"]["properties"]["b"]["default"] == {"x": 1, "c": {"y": 2, "a": None}}


def test_a_model_named_like_a_builtin_refers_to_itself() -> None:
    classes = build_models(
        _declaration("models: [{name: str, fields: [{name: next, type: {type: union, members: [{type: model, name: str}, {type: none}]}, required: false, default: {kind: \"null\", value: null}}]}]")
    )
    schema = classes["str"].model_json_schema()
    assert schema["$ref"] == "#/$defs/str"
