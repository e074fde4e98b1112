"""JSON and YAML as Python reads and writes them, at any depth. Mirrors `src/json/`."""

from json.decoder import JSONDecodeError

from .gc_paused import gc_paused
from .parse_py_json import loads
from .parse_yaml import CoreLoader, load_yaml
from .write_py_json import dumps

__all__ = ["CoreLoader", "JSONDecodeError", "dumps", "gc_paused", "load_yaml", "loads"]
