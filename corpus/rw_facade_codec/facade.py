"""What the package's users import: the codec classes, re-exported from where they are written."""
from .base import BaseReader, BaseWriter

__all__ = ["BaseReader", "BaseWriter"]
