"""Resource types, descriptors and the plain resources a plan carries (prompts, skills).

Mirrors `src/resources/`.
"""

from .prompt import MESSAGE_ROLES, MessageRole, Prompt
from .resource_descriptor import ResourceDescriptor
from .resource_type import RESOURCE_TYPES, ResourceType, is_resource_type
from .skills import Skills

__all__ = [
    "MESSAGE_ROLES",
    "RESOURCE_TYPES",
    "MessageRole",
    "Prompt",
    "ResourceDescriptor",
    "ResourceType",
    "Skills",
    "is_resource_type",
]
