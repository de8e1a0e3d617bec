"""Secrets out of anything shown: URLs and connection strings in messages, logs, JSON.

``redact(text)`` takes a URL, a libpq conninfo string, or any message that contains them,
and returns it with the secrets replaced by ``***``:

- the password of ``scheme://user:password@host`` (the user stays, it helps to debug);
- the whole user part of ``scheme://token@host`` (a lone user part is often a key);
- the value of a secret-looking parameter, in a query string or a conninfo string
  (``?password=``, ``api_key=``, ``token=``, ``sig=`` ...; ``password=x host=y``).

Host, port, path and the other parameters are kept, so a message still says where.
"""

from __future__ import annotations

import re

MASK = "***"

# scheme://userinfo@  (up to the last '@' before the host: a password may hold an unescaped '@')
_USERINFO = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.\-]*://)(?P<info>[^/?#\s'\"<>]+)@")
# name=value where the name says secret, in a query string (& ? ;) or a conninfo (spaces).
# A bare `key` counts, `doc_key` does not; compounds (api_key, sslpassword, access_token) do.
_SECRET_PARAM = re.compile(
    r"(?<![\w.\-])(?P<name>[\w.\-]*?(?:password|passwd|pwd|secret|token|apikey|api[_\-]key|"
    r"access[_\-]?key|secret[_\-]?key|private[_\-]?key|signature|sig|auth|credentials?)|key)"
    r"(?P<eq>\s*=\s*)"
    r"(?P<value>'(?:[^'\\]|\\.)*'|\"[^\"]*\"|[^&\s;'\"<>)]+)",
    re.IGNORECASE,
)


def _userinfo(m: re.Match) -> str:
    user, colon, _password = m["info"].partition(":")
    return f"{m['scheme']}{user}:{MASK}@" if colon else f"{m['scheme']}{MASK}@"


def _param(m: re.Match) -> str:
    return f"{m['name']}{m['eq']}{MASK}"


def redact(text: object) -> str:
    """``text`` (a URL, a conninfo string, a message; None -> "") without its secrets."""
    if text is None:
        return ""
    out = _USERINFO.sub(_userinfo, str(text))
    return _SECRET_PARAM.sub(_param, out)
