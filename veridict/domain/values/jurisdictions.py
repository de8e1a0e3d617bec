"""Jurisdictions: US states, countries and provinces, each folded to one canonical name.

'the State of New York', 'New York law', 'NY' -> 'New York'; 'Federal Republic of Germany', 'German law' ->
'Germany'; 'laws of the United States and the Commonwealth of Pennsylvania' -> 'Pennsylvania'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from veridict.domain.values.dates import Match

US_STATES = [
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
    "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
    "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
    "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio",
    "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas",
    "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming", "District of Columbia",
    "Puerto Rico",
]  # fmt: skip
US_POSTAL = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
    "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "DC": "District of Columbia",
}  # fmt: skip
# canonical -> aliases (matched case-insensitively on word boundaries)
COUNTRIES: dict[str, list[str]] = {
    "United States": ["United States of America", "United States", "U.S.A.", "USA", "U.S.", "federal law",
                      "American law"],
    "England and Wales": ["England and Wales", "England & Wales", "England", "Wales", "English law", "English"],
    "United Kingdom": ["United Kingdom", "U.K.", "UK", "Great Britain"],
    "Scotland": ["Scotland", "Scottish"],
    "Northern Ireland": ["Northern Ireland"],
    "Ireland": ["Republic of Ireland", "Ireland", "Irish"],
    "Germany": ["Federal Republic of Germany", "Germany", "German"],
    "France": ["French Republic", "France", "French"],
    "Netherlands": ["the Netherlands", "Netherlands", "Holland", "Dutch"],
    "Belgium": ["Belgium", "Belgian"],
    "Luxembourg": ["Luxembourg"],
    "Switzerland": ["Switzerland", "Swiss"],
    "Austria": ["Austria", "Austrian"],
    "Italy": ["Italy", "Italian"],
    "Spain": ["Kingdom of Spain", "Spain", "Spanish"],
    "Portugal": ["Portugal", "Portuguese"],
    "Sweden": ["Sweden", "Swedish"],
    "Norway": ["Norway", "Norwegian"],
    "Denmark": ["Denmark", "Danish"],
    "Finland": ["Finland", "Finnish"],
    "Poland": ["Poland", "Polish"],
    "Israel": ["State of Israel", "Israel", "Israeli"],
    "China": ["People's Republic of China", "People’s Republic of China", "PRC", "P.R.C.", "China", "Chinese"],
    "Hong Kong": ["Hong Kong Special Administrative Region", "Hong Kong", "HKSAR"],
    "Taiwan": ["Republic of China", "R.O.C.", "ROC", "Taiwan"],
    "Japan": ["Japan", "Japanese"],
    "South Korea": ["Republic of Korea", "South Korea", "Korea", "Korean"],
    "Singapore": ["Republic of Singapore", "Singapore"],
    "India": ["Republic of India", "India", "Indian"],
    "Canada": ["Canada", "Canadian"],
    "Mexico": ["United Mexican States", "Mexico", "Mexican"],
    "Brazil": ["Brazil", "Brazilian"],
    "Colombia": ["Colombia", "Colombian"],
    "Argentina": ["Argentina"],
    "Chile": ["Chile"],
    "Australia": ["Commonwealth of Australia", "Australia", "Australian"],
    "New Zealand": ["New Zealand"],
    "South Africa": ["Republic of South Africa", "South Africa"],
    "Kazakhstan": ["Republic of Kazakhstan", "Kazakhstan"],
    "Papua New Guinea": ["Papua New Guinea"],
    "Russia": ["Russian Federation", "Russia", "Russian"],
    "Cayman Islands": ["Cayman Islands"],
    "Bermuda": ["Bermuda"],
    "British Virgin Islands": ["British Virgin Islands", "BVI"],
    "United Arab Emirates": ["United Arab Emirates", "UAE"],
    "Thailand": ["Thailand"],
    "Malaysia": ["Malaysia"],
    "Philippines": ["Philippines"],
    "Vietnam": ["Vietnam", "Viet Nam"],
    "Indonesia": ["Indonesia"],
    "Cyprus": ["Cyprus"],
    "Malta": ["Malta"],
    "Greece": ["Greece", "Greek"],
    "Turkey": ["Turkey", "Türkiye"],
}
# sub-national units outside the US: canonical -> (aliases, country)
PROVINCES: dict[str, tuple[list[str], str]] = {
    "Ontario": (["Province of Ontario", "Ontario"], "Canada"),
    "British Columbia": (["Province of British Columbia", "British Columbia"], "Canada"),
    "Quebec": (["Province of Quebec", "Quebec", "Québec"], "Canada"),
    "Alberta": (["Province of Alberta", "Alberta"], "Canada"),
    "Nova Scotia": (["Province of Nova Scotia", "Nova Scotia"], "Canada"),
    "Manitoba": (["Manitoba"], "Canada"),
    "Saskatchewan": (["Saskatchewan"], "Canada"),
    "New Brunswick": (["New Brunswick"], "Canada"),
    "New South Wales": (["New South Wales"], "Australia"),
    "Victoria": (["State of Victoria", "Victoria"], "Australia"),
    "Queensland": (["Queensland"], "Australia"),
    "Western Australia": (["Western Australia"], "Australia"),
    "Beijing": (["Beijing"], "China"),
    "Shanghai": (["Shanghai"], "China"),
    "Bavaria": (["Bavaria"], "Germany"),
}


@dataclass(frozen=True)
class JurisdictionMatch(Match):
    value: str  # canonical name
    level: str  # "state" (US state or a province) | "country"


def _build_jurisdiction_patterns() -> list[tuple[re.Pattern[str], str, str]]:
    entries: list[tuple[str, str, str]] = []  # (alias, canonical, level)
    for state in US_STATES:
        entries += [
            (f"State of {state}", state, "state"),
            (f"Commonwealth of {state}", state, "state"),
            (state, state, "state"),
        ]
    entries += [
        ("Washington, D.C.", "District of Columbia", "state"),
        ("Washington D.C.", "District of Columbia", "state"),
    ]
    for canonical, aliases in COUNTRIES.items():
        entries += [(a, canonical, "country") for a in aliases]
    for canonical, (aliases, _country) in PROVINCES.items():
        entries += [(a, canonical, "state") for a in aliases]
    entries.sort(key=lambda e: len(e[0]), reverse=True)
    out = []
    for alias, canonical, level in entries:
        esc = re.sub(r"['’]", "['’]", re.escape(alias).replace(r"\ ", r"\s+"))
        left = r"(?<![\w.])" if alias[0].isalnum() else ""
        right = r"(?![\w])" if alias[-1].isalnum() or alias[-1] == "." else ""
        # short upper-case aliases (USA, PRC, UK, BVI) only match in upper case
        flags = 0 if (alias.isupper() and len(alias) <= 4) else re.I
        out.append((re.compile(left + esc + right, flags), canonical, level))
    return out


_JURISDICTION_PATTERNS = _build_jurisdiction_patterns()
_GENERIC_ADJECTIVES = {
    "American", "Australian", "Austrian", "Belgian", "Brazilian", "Canadian", "Chinese", "Colombian", "Danish",
    "Dutch", "English", "Finnish", "French", "German", "Greek", "Indian", "Irish", "Israeli", "Italian", "Japanese",
    "Korean", "Mexican", "Norwegian", "Polish", "Portuguese", "Russian", "Scottish", "Spanish", "Swedish", "Swiss",
}  # fmt: skip


def find_jurisdictions(text: str, adjectives: bool = True) -> list[JurisdictionMatch]:
    """Every jurisdiction named in ``text`` (longest alias wins), left to right.

    ``adjectives=False`` skips adjectival forms ("German", "English") that are only
    jurisdictions next to the word "law".
    """
    found: list[JurisdictionMatch] = []
    taken: list[tuple[int, int]] = []
    for pattern, canonical, level in _JURISDICTION_PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            surface = m.group(0)
            if surface.strip().title() in _GENERIC_ADJECTIVES or surface.lower() == "english law":
                if not adjectives:
                    continue
            taken.append((m.start(), m.end()))
            found.append(JurisdictionMatch(m.start(), m.end(), surface, canonical, level))
    return sorted(found, key=lambda j: j.start)


def canonical_jurisdiction(text: str) -> str | None:
    """Canonical name for a jurisdiction expression, the most specific one named.

    'the State of New York', 'New York law', 'NY' -> 'New York';
    'Federal Republic of Germany', 'German law' -> 'Germany';
    'laws of the United States and the Commonwealth of Pennsylvania' -> 'Pennsylvania';
    'Ontario, Canada' -> 'Ontario'.
    """
    stripped = text.strip().strip(".")
    if stripped.upper() in US_POSTAL and len(stripped) == 2:
        return US_POSTAL[stripped.upper()]
    found = find_jurisdictions(text)
    if not found:
        return None
    states = [j for j in found if j.level == "state"]
    return (states or found)[0].value


def jurisdiction_country(canonical: str) -> str | None:
    """The country a canonical jurisdiction belongs to ('Ontario' -> 'Canada')."""
    if canonical in US_STATES or canonical == "District of Columbia":
        return "United States"
    if canonical in PROVINCES:
        return PROVINCES[canonical][1]
    if canonical in COUNTRIES:
        return canonical
    return None
