"""Resource types, descriptors and the plain resources a plan carries (prompts, skills).

Mirrors `src/resources/`.
"""

from .prompt import Prompt
from .resource_descriptor import ResourceDescriptor
from .resource_type import RESOURCE_TYPES, ResourceType, is_resource_type
from .skills import Skills

__all__ = [
    "RESOURCE_TYPES",
    "Prompt",
    "ResourceDescriptor",
    "ResourceType",
    "Skills",
    "is_resource_type",
]
