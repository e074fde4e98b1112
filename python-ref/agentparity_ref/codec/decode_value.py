"""Decoding the tagged value encoding into Python values, with a loop instead of recursion.

Every container the document describes becomes one frame on a stack. A frame that can create its
container before its children (list, dict, map, plain object, chain) does so, so that a `$ref`
inside it can point back at it: that is how cycles are written. A tuple, a set or a model can only
be built from finished children; a `$ref` to one of them from inside it is refused.

Decoding builds no paths, because only an error needs one: the stack of frames is the path to the
node at hand. A problem is raised with its path from the node where it was found, and moved under
that node's place, read from the stack, on its way out. Plain scalars, most of any document, are
stored by their container's frame without a call of their own, and a list or plain object that
holds nothing else is copied without a frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..pyjson.gc_paused import gc_paused
from .codec_error import CodecError, TypeScriptOnlyValue
from .codec_scalars import (
    TYPESCRIPT_ONLY_TAGS,
    Path,
    check_hashable,
    decode_bytes,
    decode_float,
    decode_int,
    equality_key,
    is_array_index,
)
from .plain_class import plain_class

# A path from a node to a part of it, and the `$id` names of a value: built only for wrappers.
Steps = Sequence[str | int]
Names = Sequence[str]

_UNDER_CONSTRUCTION = object()
# The types a document holds as themselves; a container stores these without calling `begin`.
_PLAIN_SCALARS = frozenset({str, int, float, bool, type(None)})
# The leaf of a chain once it has been handed out.
_TAKEN = object()

# The keys each tag allows beside itself.
_COMPANIONS: dict[str, frozenset[str]] = {
    "$float": frozenset(),
    "$int": frozenset(),
    "$map": frozenset(),
    "$bytes": frozenset(),
    "$tuple": frozenset(),
    "$set": frozenset(),
    "$model": frozenset({"fields"}),
    "$object": frozenset({"fields"}),
    "$id": frozenset({"value"}),
    "$ref": frozenset(),
    "$chain": frozenset(),
    "$literal": frozenset(),
    "$nullProto": frozenset(),
    "$undefined": frozenset(),
    "$hole": frozenset(),
    "$function": frozenset(),
    "$symbol": frozenset(),
    "$date": frozenset(),
    "$typedArray": frozenset({"values"}),
    "$toJSON": frozenset(),
}


class _Frame:
    """One container being decoded.

    `advance` decodes the children in order until one opens a frame of its own, which it returns
    (that child's value comes back through `accept` once its frame is finished), or until none is
    left; then `finish` gives the container's value. `at` is the path from the node the frame was
    opened for to the container it reads (its tag and any `$id` wrappers); `ids` are the names of
    a value that exists only once finished (a tuple, a set or a model).
    """

    __slots__ = ("at", "ids")

    def advance(self, decoder: _Decoder) -> _Frame | None:
        raise NotImplementedError

    def accept(self, value: Any) -> None:
        raise NotImplementedError

    def child_part(self) -> Path:
        """The path from the container to the child at hand, for an error found there."""
        raise NotImplementedError

    def finish(self) -> Any:
        raise NotImplementedError


class _ListFrame(_Frame):
    __slots__ = ("items", "out")
    # Whether its children are list items (the only place a `$hole` may stand).
    holds_items = True

    def __init__(self, items: list[Any], out: list[Any], at: Steps, ids: Names = ()) -> None:
        self.at = at
        self.ids = ids
        self.items = iter(items)
        self.out = out

    def advance(self, decoder: _Decoder) -> _Frame | None:
        out = self.out
        for item in self.items:
            if type(item) in _PLAIN_SCALARS:
                out.append(item)
                continue
            value, frame = decoder.begin(item, self.holds_items)
            if frame is not None:
                return frame
            out.append(value)
        return None

    def accept(self, value: Any) -> None:
        self.out.append(value)

    def child_part(self) -> Path:
        return (len(self.out),)

    def finish(self) -> Any:
        return self.out


class _TupleFrame(_ListFrame):
    __slots__ = ()

    def finish(self) -> Any:
        return tuple(self.out)


class _SetFrame(_ListFrame):
    __slots__ = ()
    holds_items = False

    def finish(self) -> Any:
        seen: set[object] = set()
        for index, item in enumerate(self.out):
            key = equality_key(item, (index,))
            if key in seen:
                raise CodecError("this member equals an earlier member of the same $set in Python", (index,))
            seen.add(key)
        return set(self.out)


class _DictFrame(_Frame):
    """A dict whose keys are taken as written: a plain object, `$literal` or `$nullProto`."""

    __slots__ = ("entries", "key", "out")

    def __init__(self, entries: Mapping[str, Any], out: dict[str, Any], at: Steps) -> None:
        self.at = at
        self.ids = ()
        self.entries = iter(entries.items())
        self.key: str | None = None
        self.out = out

    def advance(self, decoder: _Decoder) -> _Frame | None:
        out = self.out
        for key, value in self.entries:
            if type(value) in _PLAIN_SCALARS:
                out[key] = value
                continue
            self.key = key
            value, frame = decoder.begin(value, False)
            if frame is not None:
                return frame
            out[key] = value
        return None

    def accept(self, value: Any) -> None:
        self.out[self.key] = value

    def child_part(self) -> Path:
        return (self.key,)  # type: ignore[return-value]

    def finish(self) -> Any:
        return self.out


class _MapFrame(_Frame):
    """`{"$map": [[key, value], ...]}`: keys are decoded values too."""

    __slots__ = ("pairs", "step", "out", "key", "seen")

    def __init__(self, pairs: list[Any], out: dict[Any, Any], at: Steps) -> None:
        for index, pair in enumerate(pairs):
            if not isinstance(pair, list) or len(pair) != 2:
                raise CodecError("each $map entry is a [key, value] pair", (*at, index))
            check_hashable(pair[0], (*at, index, 0))
        self.at = at
        self.ids = ()
        self.pairs = pairs
        self.step = 0
        self.out = out
        self.key: Any = None
        self.seen: set[object] = set()

    def advance(self, decoder: _Decoder) -> _Frame | None:
        while self.step < 2 * len(self.pairs):
            index, side = divmod(self.step, 2)
            self.step += 1
            value, frame = decoder.begin(self.pairs[index][side], False)
            if frame is not None:
                return frame
            self.accept(value)
        return None

    def accept(self, value: Any) -> None:
        if self.step % 2 == 1:
            key = equality_key(value, ())
            if key in self.seen:
                raise CodecError("this key equals an earlier key of the same $map in Python", ())
            self.seen.add(key)
            self.key = value
        else:
            self.out[self.key] = value

    def child_part(self) -> Path:
        return divmod(self.step - 1, 2)

    def finish(self) -> Any:
        return self.out


class _FieldsFrame(_Frame):
    """The `fields` of a `$model` or an `$object`, each stored by `store`."""

    __slots__ = ("entries", "key")

    def __init__(self, fields: Mapping[str, Any], at: Steps, ids: Names) -> None:
        self.at = at
        self.ids = ids
        self.entries = iter(fields.items())
        self.key = ""

    def store(self, key: str, value: Any) -> None:
        raise NotImplementedError

    def advance(self, decoder: _Decoder) -> _Frame | None:
        for key, value in self.entries:
            self.key = key
            if type(value) not in _PLAIN_SCALARS:
                value, frame = decoder.begin(value, False)
                if frame is not None:
                    return frame
            self.store(key, value)
        return None

    def accept(self, value: Any) -> None:
        self.store(self.key, value)

    def child_part(self) -> Path:
        return ("fields", self.key)


class _ObjectFrame(_FieldsFrame):
    """`$object`: the instance exists first, so that a field may refer back to it."""

    __slots__ = ("out",)

    def __init__(self, fields: Mapping[str, Any], out: Any, at: Steps) -> None:
        super().__init__(fields, at, ())
        self.out = out

    def store(self, key: str, value: Any) -> None:
        setattr(self.out, key, value)

    def finish(self) -> Any:
        return self.out


class _ModelFrame(_FieldsFrame):
    """`$model`: validated from its finished fields."""

    __slots__ = ("model", "values")

    def __init__(self, fields: Mapping[str, Any], model: type, at: Steps, ids: Names) -> None:
        super().__init__(fields, at, ids)
        self.model = model
        self.values: dict[str, Any] = {}

    def store(self, key: str, value: Any) -> None:
        self.values[key] = value

    def finish(self) -> Any:
        return _build_model(self.model, self.values)


class _ChainFrame(_Frame):
    """`$chain`: the nested containers exist before the leaf, so the leaf may refer to them."""

    __slots__ = ("top", "innermost", "key", "leaf")

    def __init__(self, top: Any, innermost: Any, key: str | None, leaf: Any, at: Steps) -> None:
        self.at = at
        self.ids = ()
        self.top = top
        self.innermost = innermost
        self.key = key
        self.leaf = leaf

    def advance(self, decoder: _Decoder) -> _Frame | None:
        leaf, self.leaf = self.leaf, _TAKEN
        if leaf is _TAKEN:
            return None
        value, frame = decoder.begin(leaf, self.key is None)
        if frame is not None:
            return frame
        self.accept(value)
        return None

    def accept(self, value: Any) -> None:
        if self.key is None:
            self.innermost.append(value)
        else:
            self.innermost[self.key] = value

    def child_part(self) -> Path:
        return ("leaf",)

    def finish(self) -> Any:
        return self.top


def _place(stack: list[_Frame], finishing: bool) -> Path:
    """Where the problem at the top of the stack is: in the top container itself while it is
    being finished, otherwise in its child at hand."""
    parts: list[str | int] = []
    for index, frame in enumerate(stack):
        if index:
            parts.extend(stack[index - 1].child_part())
        parts.extend(frame.at)
    if not finishing:
        parts.extend(stack[-1].child_part())
    return tuple(parts)


class _Decoder:
    __slots__ = ("models", "named")

    def __init__(self, models: Mapping[str, type]) -> None:
        self.models = models
        self.named: dict[str, Any] = {}

    def run(self, document: Any) -> Any:
        value, frame = self.begin(document, False)
        if frame is None:
            return value
        stack = [frame]
        finishing = False
        try:
            while True:
                top = stack[-1]
                child = top.advance(self)
                if child is not None:
                    stack.append(child)
                    continue
                finishing = True
                value = top.finish()
                finishing = False
                stack.pop()
                if top.ids:
                    self.name(top.ids, value)
                if not stack:
                    return value
                stack[-1].accept(value)
        except (CodecError, TypeScriptOnlyValue) as error:
            error.move_under(_place(stack, finishing))
            raise

    def name(self, ids: Names, value: Any) -> None:
        for name in ids:
            self.named[name] = value

    def begin(self, node: Any, in_list: bool) -> tuple[Any, _Frame | None]:
        """Decodes a scalar at once, or opens the frame of a container. A problem is raised with
        its path from `node`."""
        # Most nodes are plain lists and dicts without a wrapper: they go straight to their frame,
        # or are copied at once when they hold plain scalars only.
        kind = type(node)
        if kind is dict and "$id" not in node and "$chain" not in node:
            return self.begin_dict(node, (), (), in_list)
        if kind is list:
            if _all_plain(node):
                return node[:], None
            return None, _ListFrame(node, [], ())
        prefix: Steps = ()
        ids: Names = ()
        if isinstance(node, dict) and ("$id" in node or "$chain" in node):
            node, prefix, ids, in_list = self.unwrap(node, in_list)
        if isinstance(node, dict):
            return self.begin_dict(node, prefix, ids, in_list)
        if isinstance(node, list):
            out: list[Any] = []
            if ids:
                self.name(ids, out)
            return None, _ListFrame(node, out, prefix)
        if node is None or isinstance(node, (bool, int, float, str)):
            if ids:
                self.name(ids, node)
            return node, None
        raise CodecError(f"{type(node).__name__} is not part of the encoding", prefix)

    def begin_dict(self, node: dict[str, Any], prefix: Steps, ids: Names, in_list: bool) -> tuple[Any, _Frame | None]:
        """A plain object or an encoding, with no wrapper left around it."""
        tag = _tag_of(node, prefix)
        if tag is None:
            if not ids and _all_plain(node.values()):
                return dict(node), None
            out: dict[str, Any] = {}
            if ids:
                self.name(ids, out)
            return None, _DictFrame(node, out, prefix)
        if tag == "$chain":
            depth, key, leaf = _chain_parts(node["$chain"], prefix)
            return None, self.begin_chain(depth, key, leaf, (*prefix, "$chain"), ids)
        return self.begin_tagged(tag, node, prefix, ids, in_list)

    def unwrap(self, node: dict[str, Any], in_list: bool) -> tuple[Any, Steps, Names, bool]:
        """The node inside a run of `$id` wrappers and chains of depth 0, with its path from the
        outer node, the names it is given and whether it stands for a list item. A loop, so that
        a run of any length is unwrapped in one pass."""
        prefix: list[str | int] = []
        ids: list[str] = []
        pending: set[str] = set()
        while isinstance(node, dict):
            tag = _tag_of(node, prefix)
            if tag == "$id":
                name = node["$id"]
                if not isinstance(name, str) or not name:
                    raise CodecError("$id takes a non-empty string", prefix)
                if name in self.named or name in pending:
                    raise CodecError(f"$id {name!r} is defined twice", prefix)
                if "value" not in node:
                    raise CodecError("$id needs a value", prefix)
                ids.append(name)
                pending.add(name)
                prefix.append("value")
                node = node["value"]
                continue
            if tag != "$chain":
                break
            depth, _, leaf = _chain_parts(node["$chain"], prefix)
            if depth:
                break
            prefix += ("$chain", "leaf")
            node = leaf
            in_list = False
        return node, prefix, ids, in_list

    def begin_tagged(self, tag: str, node: dict[str, Any], prefix: Steps, ids: Names, in_list: bool) -> tuple[Any, _Frame | None]:
        body = node[tag]
        tag_path = (*prefix, tag)
        if tag in TYPESCRIPT_ONLY_TAGS:
            if tag == "$hole" and not in_list:
                raise CodecError("$hole stands only for an item of a list", prefix)
            raise TypeScriptOnlyValue(tag, prefix)
        if tag in ("$float", "$int", "$bytes", "$ref"):
            value = self.scalar(tag, body, tag_path)
            if ids:
                self.name(ids, value)
            return value, None
        if tag in ("$tuple", "$set", "$map"):
            if not isinstance(body, list):
                raise CodecError(f"{tag} takes a list", tag_path)
            if tag == "$map":
                out: dict[Any, Any] = {}
                frame = _MapFrame(body, out, tag_path)
                if ids:
                    self.name(ids, out)
                return None, frame
            if tag == "$set":
                for index, item in enumerate(body):
                    check_hashable(item, (*tag_path, index))
            if ids:
                self.name(ids, _UNDER_CONSTRUCTION)
            return None, (_TupleFrame if tag == "$tuple" else _SetFrame)(body, [], tag_path, ids)
        if tag in ("$literal", "$nullProto"):
            if not isinstance(body, dict):
                raise CodecError(f"{tag} takes an object", tag_path)
            if tag == "$nullProto" and any(is_array_index(key) for key in body):
                raise CodecError("$nullProto cannot hold array-index keys: an object reorders them", tag_path)
            literal: dict[str, Any] = {}
            if ids:
                self.name(ids, literal)
            return None, _DictFrame(body, literal, tag_path)
        return None, self.begin_instance(tag, body, node.get("fields", {}), prefix, ids)

    def scalar(self, tag: str, body: Any, path: Path) -> Any:
        if tag == "$float":
            return decode_float(body, path)
        if tag == "$int":
            return decode_int(body, path)
        if tag == "$bytes":
            return decode_bytes(body, path)
        if not isinstance(body, str) or body not in self.named:
            raise CodecError(f"$ref {body!r} names no $id defined before it", path)
        value = self.named[body]
        if value is _UNDER_CONSTRUCTION:
            raise CodecError(f"$ref {body!r} points into a tuple, set or model that contains it, which cannot be built", path)
        return value

    def begin_instance(self, tag: str, name: Any, fields: Any, path: Steps, ids: Names) -> _Frame:
        if not isinstance(name, str) or not name:
            raise CodecError(f"{tag} takes a class name", (*path, tag))
        if not isinstance(fields, dict):
            raise CodecError("fields takes an object", (*path, "fields"))
        if tag == "$object":
            instance = plain_class(name)()
            if ids:
                self.name(ids, instance)
            return _ObjectFrame(fields, instance, path)
        model = self.models.get(name)
        if model is None:
            raise CodecError(f"$model {name!r} is not a model of the case's declaration", (*path, tag))
        if ids:
            self.name(ids, _UNDER_CONSTRUCTION)
        return _ModelFrame(fields, model, path, ids)

    def begin_chain(self, depth: int, key: str | None, leaf: Any, path: Steps, ids: Names) -> _Frame:
        top: Any
        innermost: Any
        if key is None:
            top = innermost = []
            for _ in range(depth - 1):
                inner: Any = []
                innermost.append(inner)
                innermost = inner
        else:
            top = innermost = {}
            for _ in range(depth - 1):
                inner = {}
                innermost[key] = inner
                innermost = inner
        if ids:
            self.name(ids, top)
        return _ChainFrame(top, innermost, key, leaf, path)


def _all_plain(items: Iterable[Any]) -> bool:
    """Whether a container holds plain scalars only: then it is copied at once, without a frame
    (most containers of a document are such leaves)."""
    for item in items:
        if type(item) not in _PLAIN_SCALARS:
            return False
    return True


def _tag_of(node: dict[str, Any], path: Steps) -> str | None:
    """The one `$` key of an encoding, checked with its companions; None for a plain object."""
    tag = None
    for key in node:
        if key[:1] == "$":
            if tag is not None:
                tags = [key for key in node if key.startswith("$")]
                raise CodecError(f"an encoding has one $ key, found {', '.join(tags)}", path)
            tag = key
    if tag is None:
        return None
    companions = _COMPANIONS.get(tag)
    if companions is None:
        raise CodecError(f"unknown tag {tag} (write a literal object with $literal)", path)
    if len(node) > 1:
        extra = sorted(set(node) - {tag} - companions)
        if extra:
            raise CodecError(f"{tag} does not take {', '.join(extra)}", path)
    return tag


def _chain_parts(body: Any, path: Steps) -> tuple[int, str | None, Any]:
    """The depth, key and leaf of the `$chain` of the node at `path`."""
    if not isinstance(body, dict) or set(body) != {"depth", "key", "leaf"}:
        raise CodecError("$chain takes {depth, key, leaf}", (*path, "$chain"))
    depth, key = body["depth"], body["key"]
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise CodecError("$chain depth is an integer of at least 0", (*path, "$chain", "depth"))
    if key is not None and not isinstance(key, str):
        raise CodecError("$chain key is a string, or null for lists", (*path, "$chain", "key"))
    return depth, key, body["leaf"]


def _build_model(model: type, values: dict[str, Any]) -> Any:
    # Fields are given by Python name, as an instance holds them, and validated as the class does.
    from pydantic import ValidationError

    try:
        return model.model_validate(values, by_alias=False, by_name=True)  # type: ignore[attr-defined]
    except ValidationError as error:
        raise CodecError(f"the fields of $model {model.__name__} do not validate: {error}", ()) from error


def decode_value(document: Any, models: Mapping[str, type] | None = None) -> Any:
    """The Python value an encoded document stands for.

    `models` are the declared model classes a `$model` may name. Raises `CodecError` for a
    malformed document and `TypeScriptOnlyValue` for an encoding Python has no counterpart for.
    """
    if type(document) in _PLAIN_SCALARS:
        return document
    with gc_paused():
        return _Decoder(models or {}).run(document)
