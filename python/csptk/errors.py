"""The exceptions csptk raises."""

from typing import Optional


class InputError(ValueError):
    """Input that cannot be read: the message names the file, line and column and what was
    expected, as the command line's does; ``file``, ``line`` and ``column`` are ``None``
    where unknown."""

    def __init__(
        self,
        message: str,
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (InputError, (self.message, self.file, self.line, self.column))
