"""How a contract passage is recognised as a clause of a type: phrase patterns, title patterns and vetoes, one
rule per clause type, following the CUAD category definitions (no model).

A passage gets a type when one of its phrase patterns matches the passage text or its title pattern matches
the section title; some types have a veto pattern ("non-exclusive" is not exclusivity).

- ``tag_text(text, title=None) -> list[str]``: the types of one passage;
- ``tags_in_text(text, tags) -> set[str]``: which of some types one passage's text reads as (``tag_text`` run
  for those types only: a question's quote check asks about one or two types, not all of them);
- ``title_tags(title) -> list[str]``: the types a heading names;
- ``matches(text, tag)``: where a type's patterns match.

This module is mostly the pattern table (one entry per type); it is longer than most for that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    patterns: tuple[str, ...]
    titles: tuple[str, ...] = ()
    veto: tuple[str, ...] = ()


_N = r"(?:[\w,'’()\-]+\s+){0,%d}"  # up to %d words


def _w(n: int) -> str:
    return _N % n


RULES: dict[str, Rule] = {
    "anti_assignment": Rule(
        (
            r"\b(?:shall|may|will)\s+not\s+" + _w(4) + r"(?:assign|transfer|delegate)\w*",
            r"\bassign\w*\b[^.]{0,160}\bwithout\s+(?:the\s+)?(?:express\s+)?(?:prior\s+)?"
            r"(?:written\s+)?(?:consent|approval|permission)",
            r"\bnot\s+(?:be\s+)?(?:assignable|transferable)\b(?![^.]{0,40}licen)",
            r"\bno\s+(?:party|assignment)\b[^.]{0,80}\bassign",
            r"\bany\s+(?:purported\s+)?(?:attempted\s+)?assignment\b[^.]{0,120}\b(?:void|null)",
            # the wordings the patterns above missed on the train half's labelled clauses ("Neither party may
            # assign ...", "... without the other party's prior written consent", "Any attempt to assign ... void")
            r"\b(?:neither|no)\s+party\b[^.]{0,40}\b(?:may|shall|will|can)\b[^.]{0,40}\b(?:assign|transfer|"
            r"delegate)",
            r"\b(?:assign|transfer|delegat)\w*\b[^.]{0,200}\bwithout\s+(?:[\w'’]+\s+){0,6}?(?:consent|approval|"
            r"permission)",
            r"\battempt\w*\s+to\s+(?:assign|transfer)\b[^.]{0,200}\b(?:void|null)",
            r"\bmust\s+not\s+" + _w(4) + r"(?:assign|transfer|delegate)\w*",
        ),
        titles=(r"\bassignment\b", r"\bassignability\b"),
    ),
    "change_of_control": Rule(
        (
            r"\bchange\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership)\b",
            r"\b(?:merger|consolidation|reorgani[sz]ation)\b[^.]{0,200}\b(?:assign|terminat|consent|"
            r"notice|successor)",
            r"\b(?:assign|terminat|consent)\w*[^.]{0,200}\b(?:merger|consolidation|acquisition)\b",
            r"\b(?:sale|transfer|acquisition)\s+of\s+(?:all\s+or\s+)?substantially\s+all\b",
            r"\bby\s+operation\s+of\s+law\b",
            r"\bcontrolling\s+interest\b",
            # train half: "has undergone a material ownership change", "the ownership ... have materially changed"
            r"\bownership\b[^.]{0,60}\bchange[sd]?\b",
        ),
        titles=(r"\bchange\s+(?:of|in)\s+control\b",),
    ),
    "non_compete": Rule(
        (
            r"\bnon-?compet\w*",
            r"\b(?:shall|will|may|agrees?\s+(?:that\s+it\s+will\s+)?)\s*not\b[^.]{0,120}\b"
            r"(?:compet\w*|engage\s+in\s+(?:any\s+)?(?:business|activit))",
            r"\bnot\s+to\s+compete\b",
            r"\b(?:competing|competitive)\s+(?:product|business|service|line)s?\b[^.]{0,120}\b"
            r"(?:shall\s+not|will\s+not|may\s+not|refrain|prohibit)",
            r"\b(?:shall\s+not|will\s+not|may\s+not|refrain\s+from)\b[^.]{0,160}\b(?:competing|"
            r"competitive)\s+(?:product|business|service)",
            # train half: "goods which are competitive with the Product", "not become a Competitor"
            r"\b(?:products?|goods|services?|business)\s+(?:which|that)\s+(?:are|is|will|would)\s+(?:be\s+)?"
            r"(?:competitive|compete|competing)\b",
            r"\bbecome\s+a\s+competitor\b",
            r"\bprohibit\w*\s+competition\b",
        ),
        titles=(r"\bnon-?compet", r"\bcompetition\b", r"\brestrictive\s+covenant"),
    ),
    "exclusivity": Rule(
        (
            r"(?<!non-)(?<!non)\bexclusive\s+(?:distribut\w*|right|rights|licen[cs]e|supplier|"
            r"basis|provider|reseller|agent|partner|sponsor|manufactur\w*|dealer|representative|"
            r"sales|marketing|worldwide|and\s+worldwide)",
            r"(?<!non-)(?<!non)\bexclusively\b",
            r"\bsole\s+and\s+exclusive\b(?![^.]{0,40}\b(?:remedy|liability|discretion|property|"
            r"owner))",
            r"\b(?:shall|will)\s+not\b[^.]{0,120}\b(?:sell|licen[cs]e|distribut\w*|purchase|"
            r"market|promote|appoint|endorse|enter\s+into)\w*\b[^.]{0,120}\b(?:any\s+other|"
            r"third\s+part|competitor|other\s+(?:supplier|distributor|vendor|sponsor))",
            r"\ball\s+(?:of\s+)?(?:its|their)\s+requirements\b",
            r"\bexclusivity\b",
        ),
        titles=(r"(?<!non-)\bexclusiv",),
        veto=(r"\bnon-?exclusive\b(?![^.]{0,200}(?<!non-)\bexclusive\b)",),
    ),
    "non_solicit": Rule(
        (
            r"\b(?:non-?solicit\w*|no-solicit\w*)",
            r"\bsolicit\w*\b[^.]{0,160}\b(?:employ\w*|personnel|staff|consultant|contractor|"
            r"customer|client|supplier|distributor)s?\b",
            r"\b(?:hire|employ|engage|recruit)\b[^.]{0,120}\b(?:employees?|personnel)\s+of\b",
            r"\binduce\b[^.]{0,100}\b(?:employee|customer|client)s?\b[^.]{0,60}\b(?:leave|"
            r"terminate|cease)",
        ),
        titles=(r"\bsolicit", r"\bno[- ]?hire\b"),
    ),
    "non_disparagement": Rule(
        (
            r"\bdisparag\w*",
            r"\bderogatory\b",
            r"\b(?:negative|adverse)\s+(?:statements?|comments?|" r"remarks?)\b[^.]{0,80}\babout\b",
            r"\b(?:harm\w*|detrimental|damag\w*|injur\w*|tarnish\w*|discredit\w*|adversely\s+affect\w*)\b"
            r"[^.]{0,80}\b(?:reputation|goodwill|good\s+will|image|good\s+name)\b",
            r"\bdisrepute\b",
            r"\bpublic\s+(?:statement|comment|remark)s?\b[^.]{0,120}\b(?:about|regarding|"
            r"concerning)\b",
        ),
        titles=(r"\bdisparage",),
    ),
    "termination_for_convenience": Rule(
        (
            r"\bterminat\w*\b[^.]{0,120}\b(?:for\s+(?:its\s+|their\s+)?convenience|without\s+cause|"
            r"for\s+any\s+(?:or\s+no\s+)?reason|for\s+no\s+reason|at\s+(?:its|their)\s+(?:sole\s+)?"
            r"(?:discretion|option|election))",
            r"\b(?:for\s+convenience|without\s+cause)\b[^.]{0,120}\bterminat\w*",
            r"\b(?:may|shall\s+have\s+the\s+right\s+to|is\s+entitled\s+to)\s+terminat\w*\b[^.]{0,80}"
            r"\b(?:at\s+any\s+time|upon|by\s+giving|with)\b[^.]{0,80}\b(?:days?|weeks?|months?)"
            r"[’']?\s*(?:\(\d+\)\s*)?(?:prior\s+|advance\s+)?(?:written\s+)?notice",
            r"\b(?:may|can)\s+terminat\w*\b[^.]{0,60}\bby\s+giving\b[^.]{0,40}\bnotice",
            r"\bunilateral\w*\s+terminat\w*",
            r"\bwith\s+or\s+without\s+cause\b",
            r"\bterminat\w*\b[^.]{0,200}\bwithout\s+(?:any\s+)?(?:penalty|liability)\b",
        ),
        titles=(r"\btermination\s+for\s+convenience\b", r"\btermination\s+without\s+cause\b"),
        veto=(
            r"\b(?:breach|default|insolven|bankrupt|fail\w*\s+to\s+(?:cure|perform|pay))\b"
            r"(?![^.]{0,200}\b(?:without\s+cause|convenience|any\s+reason)\b)",
        ),
    ),
    "rofr_rofo": Rule(
        (
            r"\bright\s+of\s+first\s+(?:refusal|offer|negotiation|look)\b",
            r"\bfirst\s+right\s+(?:of\s+refusal|to\s+(?:negotiate|purchase|acquire|offer|match|"
            r"license|distribute))",
            r"\bright\s+to\s+match\b",
            r"\b(?:first|exclusive)\s+(?:opportunity|option)\s+to\s+(?:negotiate|purchase|acquire|"
            r"license|bid|offer)",
            r"\bROF[RON]\b",
            r"\b(?:call|purchase|put|exclusive)\s+option\b",
            r"\boption\s+to\s+(?:purchase|acquire|buy|license|obtain|negotiate|extend\s+the\s+license)\b",
            r"\bright\s+to\s+(?:purchase|acquire|buy)\b",
            r"\b(?:first|prior)\s+(?:opportunity|right)\s+to\b",
        ),
        titles=(r"\bfirst\s+refusal\b", r"\bfirst\s+offer\b", r"\bfirst\s+negotiation\b"),
    ),
    "audit_rights": Rule(
        (
            r"\baudit\w*\b",
            r"\b(?:inspect|examin\w*|review)\b[^.]{0,80}\b(?:books|records|accounts|facilit\w*|"
            r"premises|plants?)\b",
            r"\baccess\s+to\b[^.]{0,60}\b(?:books|records|accounts)\b",
        ),
        titles=(r"\baudit", r"\binspection\b", r"\brecords\b"),
        veto=(r"\baudited\s+(?:financial|balance)\b(?![^.]{0,200}\baudit\b)",),
    ),
    "cap_on_liability": Rule(
        (
            r"\b(?:liabilit\w*|liable)\b[^.]{0,250}\b(?:shall\s+not\s+exceed|not\s+to\s+exceed|"
            r"exceed|in\s+excess\s+of|limited\s+to|cap(?:ped)?\b|maximum)",
            r"\bin\s+no\s+event\b[^.]{0,250}\b(?:liable|liability)\b",
            r"\b(?:liable|liability)\b[^.]{0,200}\b(?:indirect|incidental|consequential|special|"
            r"punitive|exemplary)\b[^.]{0,40}\bdamages\b",
            r"\blimitation\s+(?:of|on)\s+liabilit",
            r"\b(?:action|claim|suit)\b[^.]{0,120}\b(?:must\s+be\s+(?:commenced|brought)|may\s+be\s+"
            r"brought)\b[^.]{0,80}\b(?:within|no\s+later\s+than|more\s+than)\b",
            r"\b(?:not|no)\s+(?:be\s+)?liab\w*\s+for\s+any\s+(?:lost\s+profits|loss(?:es)?\s+of)",
            # "Both parties will not have liability for any damages other than direct damages."
            r"\b(?:not|no)\s+(?:have\s+|bear\s+)?(?:any\s+)?liabilit\w*\s+for\s+(?:any\s+)?(?:[\w-]+\s+){0,3}"
            r"damages\b",
            # what the train half's labelled caps say in other words: a waiver of indirect damages, a sole remedy,
            # the entire liability, "under no circumstances ... liable", "liable for any consequential" cut by a line
            r"\b(?:recover|seek|claim)\w*\b[^.]{0,120}\b(?:indirect|incidental|consequential|special|punitive|"
            r"exemplary)\b[^.]{0,80}\b(?:damages|losses)\b",
            r"\bsole\s+(?:and\s+exclusive\s+)?remed(?:y|ies)\b",
            r"\bentire\s+liability\b",
            r"\bunder\s+no\s+circumstances\b[^.]{0,120}\bliab\w*",
            r"\bliable\s+(?:to\s+\w+\s+)?for\s+any\s+(?:incidental|indirect|consequential|special|punitive)\b",
        ),
        titles=(r"\blimitation\s+(?:of|on)\s+liabilit", r"\bliability\s+(?:cap|limit)"),
    ),
    "uncapped_liability": Rule(
        (
            r"\b(?:except|excluding|other\s+than|exclusive\s+of|shall\s+not\s+apply\s+to)\b[^.]{0,250}"
            r"\b(?:breach\w*\s+of\s+(?:its\s+)?(?:confidential|section|article)|indemnif\w*|gross\s+"
            r"negligence|willful|wilful|fraud|infringement)\b[^.]{0,300}\b(?:liab\w*|damages)\b",
            r"\b(?:limitation|cap|exclusion)s?\s+(?:of|on)\s+(?:liability|damages)\b[^.]{0,120}\b"
            r"(?:shall\s+not\s+apply|does\s+not\s+apply|will\s+not\s+apply)",
            r"\bunlimited\s+liabilit\w*",
            r"\b(?:liab\w*)\b[^.]{0,200}\b(?:shall\s+not\s+(?:be\s+)?(?:limited|capped)|without\s+"
            r"limit)",
        ),
    ),
    "insurance": Rule(
        (r"\binsur(?:ance|ed|er|ers|able)\b",),
        titles=(r"\binsurance\b",),
        veto=(r"\bnational\s+insurance\b(?![^.]{0,200}\binsurance\s+(?:policy|coverage)\b)",),
    ),
    "ip_ownership_assignment": Rule(
        (
            r"\bhereby\s+(?:irrevocably\s+)?(?:assigns?|transfers?|conveys?)\b[^.]{0,200}\b(?:right|"
            r"title|interest|intellectual|invention|work|patent|copyright|deliverable)",
            r"\b(?:shall|will)\s+(?:be\s+and\s+remain|be|become|remain)\s+(?:the\s+)?(?:sole\s+and\s+"
            r"exclusive\s+|sole\s+|exclusive\s+)?property\s+of\b",
            r"\b(?:shall|will)\s+(?:solely\s+|exclusively\s+)?own\s+all\b",
            r"\bworks?\s+(?:made\s+)?for\s+hire\b",
            r"\bagrees?\s+to\s+assign\b[^.]{0,200}\b(?:right|title|interest)",
            r"\ball\s+right,?\s+title\s+and\s+interest\b[^.]{0,160}\b(?:shall\s+(?:vest|belong|be\s+"
            r"owned)|vests?\s+in|belongs?\s+to)",
        ),
        titles=(r"\bownership\b", r"\bintellectual\s+property\b"),
    ),
    "joint_ip_ownership": Rule(
        (
            r"\bjoint(?:ly)?\s+own\w*",
            r"\bco-?own\w*",
            r"\bjoint\s+(?:intellectual\s+property|" r"invention|patent|development)s?\b",
        ),
    ),
    "license_grant": Rule(
        (
            r"\bgrants?\b[^.]{0,200}\b(?:licen[cs]e|sublicen[cs]e)\b",
            r"\bhereby\s+licen[cs]es?\b",
            r"\blicen[cs]e\s+(?:to|under)\b[^.]{0,80}\b(?:use|make|sell|reproduce|distribute|"
            r"display|practice|copy|exploit)",
            r"\b(?:is|are)\s+(?:hereby\s+)?(?:granted|licensed)\b[^.]{0,80}\b(?:right|licen[cs]e)",
        ),
        titles=(r"\blicen[cs]e\s+grant", r"\bgrant\s+of\s+(?:licen[cs]e|rights)"),
    ),
    "non_transferable_license": Rule(
        (
            r"\bnon-?transferable\b",
            r"\bnon-?sublicensable\b",
            r"\blicen[cs]e\b[^.]{0,200}\b(?:may\s+not|shall\s+not|cannot)\s+(?:be\s+)?(?:assign|"
            r"transfer|sublicen)",
            r"\bwithout\s+the\s+right\s+to\s+(?:sublicense|transfer|assign)",
            r"\bnot\s+(?:be\s+)?(?:transferable|assignable|sublicensable)\b",
        ),
    ),
    "affiliate_license_licensor": Rule(
        (
            r"\b(?:licensor|grantor)\s+and\s+its\s+affiliates\b[^.]{0,200}\bgrant",
            r"\b(?:owned|controlled|licensable)\b[^.]{0,80}\bby\b[^.]{0,80}\b(?:or\s+(?:any\s+)?(?:of\s+)?its\s+"
            r"affiliates|affiliates?\s+(?:of|thereof)|subsidiar\w+|group\s+members?|members\s+of\s+the\s+"
            r"\w+\s+group)\b",
            r"\b(?:on\s+behalf\s+of\s+itself\s+and\s+its\s+affiliates|and\s+shall\s+cause\s+its\s+"
            r"affiliates\s+to)\b[^.]{0,120}\b(?:grant|licen[cs]e)",
            r"\bgrant\w*\b[^.]{0,200}\blicen[cs]e\b[^.]{0,200}\b(?:owned|controlled)\s+by\b[^.]{0,60}"
            r"\baffiliates\b",
        ),
    ),
    "affiliate_license_licensee": Rule(
        (
            r"\blicen[cs]e\b[^.]{0,250}\b(?:to|for)\s+(?:\w+\s+){0,3}and\s+(?:its|their)\s+"
            r"(?:affiliates|subsidiaries)\b",
            r"\bgrants?\s+to\s+(?:\w+\s+){0,4}and\s+(?:its|their)\s+(?:affiliates|subsidiaries)\b",
            r"\bgrants?\s+to\s+(?:\w+\s+){0,4}and\s+(?:the\s+)?members\s+of\s+(?:the\s+)?(?:\w+\s+)?group\b",
            r"\bexercised\s+by\b[^.]{0,80}\b(?:affiliates|subsidiaries)\b",
            r"\bsublicens\w*\b[^.]{0,120}\b(?:to|through)\s+(?:any\s+of\s+)?(?:its|their)\s+(?:affiliates|"
            r"subsidiaries)\b",
            r"\b(?:affiliates|subsidiaries)\b[^.]{0,120}\b(?:may|shall\s+be\s+entitled\s+to)\s+"
            r"(?:use|exercise)\b[^.]{0,80}\blicen[cs]e",
        ),
    ),
    "unlimited_license": Rule(
        (
            r"\bunlimited\s+(?:number\s+of\s+)?(?:users?|copies|licen[cs]es?|use|seats|installations)",
            r"\benterprise[- ]wide\b",
            r"\ball[- ]you[- ]can[- ]eat\b",
            r"\bwithout\s+(?:any\s+)?(?:limitation|limit)\s+(?:on|as\s+to)\s+the\s+number\s+of\b",
        ),
    ),
    "irrevocable_or_perpetual_license": Rule(
        (
            r"\b(?:irrevocable|perpetual)\b[^.]{0,120}\blicen[cs]e",
            r"\blicen[cs]e\b[^.]{0,120}\b(?:irrevocable|perpetual|in\s+perpetuity)\b",
        ),
    ),
    "source_code_escrow": Rule(
        (
            r"\bescrow\b[^.]{0,200}\b(?:source\s+code|software|materials)",
            r"\bsource\s+code\b[^.]{0,200}" r"\bescrow",
        ),
        titles=(r"\bescrow\b",),
    ),
    "post_termination_services": Rule(
        (
            r"\b(?:after|following|upon|on)\s+(?:the\s+)?(?:termination|expiration|expiry)\b[^.]{0,250}"
            r"\b(?:shall|will|must|may)\s+(?:continue|sell|deliver|provide|return|transfer|"
            r"complete|maintain|pay|purchase|fill|assist|cooperate)",
            r"\btransition\s+(?:services|assistance|period|plan)\b",
            r"\bsell[- ]off\s+period\b|\bsell\s+off\b",
            r"\bwind[- ]down\b",
            r"\blast[- ]time\s+buy\b",
            r"\b(?:in\s+the\s+event\s+of|on|upon|following|after)\s+(?:the\s+)?(?:any\s+)?(?:such\s+)?"
            r"(?:termination|expiration|expiry)\b[^.]{0,250}\b(?:shall|will|must)\s+(?:\w+\s+){0,3}(?:"
            r"continue|sell|deliver|provide|return|transfer|complete|maintain|pay|purchase|fill|assist|"
            r"cooperate|destroy|cease|grant|license|be\s+entitled)\w*",
            r"\btermination\s+assistance\b",
            r"\bfor\s+a\s+period\s+of\b[^.]{0,80}\b(?:after|following)\s+(?:the\s+)?(?:termination|"
            r"expiration)\b",
            # "may continue to use Nexstar's facility ... for a period of six months" after termination (train half)
            r"\bcontinue\s+to\s+(?:use|sell|distribute|perform|provide|maintain|supply)\b[^.]{0,160}\b(?:after|"
            r"following|beyond|until)\b",
        ),
        titles=(
            r"\beffects?\s+of\s+termination\b",
            r"\bconsequences\s+of\s+termination\b",
            r"\bpost[- ]termination\b",
            r"\btransition\b",
        ),
    ),
    "minimum_commitment": Rule(
        (
            r"\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|quantity|commitment|"
            r"volume|amount|payment|guarantee|revenue|royalt|sales|requirement)\w*",
            r"\bguaranteed\s+minimum\b",
            r"\bshortfall\b",
            r"\bcommit\w*\s+to\b[^.]{0,80}\b(?:purchase|order|buy|spend|budget)\w*",
            r"\b(?:no|not)\s+(?:less|fewer)\s+than\b[^.]{0,80}\b(?:units|per\s+(?:year|month|quarter)|"
            r"annually|each\s+(?:year|month|quarter|contract\s+year))\b",
            r"\b(?:MOQ|minimum\s+order\s+quantit\w*)\b",
            r"\b(?:purchase|order|buy)\b[^.]{0,60}\bat\s+least\b[^.]{0,60}\b(?:units|products|"
            r"per\s+(?:year|month|quarter))",
        ),
    ),
    "revenue_profit_sharing": Rule(
        (
            r"\broyalt(?:y|ies)\b",
            r"\b(?:revenue|profit)s?[- ]shar\w*",
            r"\bshare\s+(?:of|in)\s+(?:the\s+)?(?:net\s+|gross\s+)?(?:revenue|profit|income|"
            r"proceeds|receipts|sales)s?\b",
            r"\b(?:percent|%)\s*(?:\(\d+%?\)\s*)?of\s+(?:all\s+)?(?:the\s+)?(?:net|gross|total)\s+"
            r"(?:revenue|sales|profit|receipts|income|proceeds)",
            # a commission paid or earned (the word alone is mostly the Securities and Exchange Commission)
            r"\b(?:pay|paid|payable|earn\w*|receive\w*|entitled\s+to)\b[^.]{0,60}\bcommissions?\b",
            # train half: "5.2% of the gross proceeds", "90% of the total Available Margin", "*** of Net Revenues"
            r"\d(?:\.\d+)?\s*%\)?\s+of\s+(?:the\s+|all\s+|such\s+|any\s+)?(?:[\w\"“”'-]+\s+){0,3}?(?:proceeds|"
            r"revenues?|sales|margin|profits?|purchase\s+price|receipts|income)\b",
            r"\b(?:percent|percentage)\s+(?:\([\d.]+%?\)\s+)?of\s+(?:the\s+|all\s+|such\s+|any\s+)?"
            r"(?:[\w\"“”'-]+\s+){0,3}?(?:proceeds|revenues?|sales|margin|profits?|receipts|income)\b",
            r"\*{3}\s+of\s+(?:the\s+)?(?:net|gross)\s+(?:revenues?|sales|proceeds|receipts)\b",
        ),
        titles=(r"\broyalt", r"\brevenue\s+shar", r"\bprofit\s+shar"),
    ),
    "price_restrictions": Rule(
        (
            r"\bprices?\b[^.]{0,100}\b(?:shall|will|may)\s+not\s+(?:be\s+)?(?:increase|raise|"
            r"change|exceed)",
            r"\b(?:no|not)\s+(?:price\s+)?increases?\b[^.]{0,60}\bprice",
            r"\bprices?\b[^.]{0,60}\b(?:fixed|firm)\s+(?:for|during|until)\b",
            r"\bprice\s+(?:protection|ceiling|cap)\b",
        ),
    ),
    "volume_restriction": Rule(
        (
            r"\b(?:shall|will|may)\s+not\s+exceed\b[^.]{0,60}\b(?:units|copies|users|hours|persons|"
            r"sessions|appearances|number)",
            r"\bin\s+excess\s+of\b[^.]{0,80}\b(?:units|volume|usage|users|hours|copies)",
            r"\bup\s+to\s+(?:\w+\s+)?(?:\(\d+\)\s+)?(?:\w+\s+){0,3}(?:sessions|appearances|days|"
            r"hours|clinics|shows|engagements|units)\b",
        ),
    ),
    "covenant_not_to_sue": Rule(
        (
            r"\bcovenants?\s+not\s+to\s+sue\b",
            r"\b(?:shall|will)\s+not\b[^.]{0,80}\b(?:contest|challenge|dispute|attack)\b[^.]{0,120}"
            r"\b(?:validity|ownership|enforceability|rights?)\b",
            r"\b(?:shall|will)\s+not\s+(?:sue|bring\s+(?:any\s+)?(?:claim|action|suit))\b",
            r"\bnot\b[^.]{0,160}\b(?:contest|oppose|impair|challenge|attack)\w*\b[^.]{0,160}\b(?:validity|"
            r"title|ownership|rights?|patents?|trademarks?|marks|enforceability)\b",
        ),
    ),
    "competitive_restriction_exception": Rule(
        (
            r"\bnotwithstanding\b[^.]{0,200}\b(?:compet\w*|exclusiv\w*|solicit\w*)",
            r"\bnothing\s+(?:in\s+this\s+(?:agreement|section|paragraph)|contained\s+(?:herein|in))\b"
            r"[^.]{0,120}\b(?:prevent|restrict|prohibit|preclude|limit)\b",
            r"\b(?:compet\w*|exclusiv\w*|solicit\w*)\b[^.]{0,200}\bshall\s+not\s+(?:apply|restrict|"
            r"prohibit|prevent)",
            r"\b(?:general\s+(?:solicitation|advertisement)s?)\b",
        ),
    ),
    "liquidated_damages": Rule(
        (
            r"\bliquidated\s+damages\b",
            r"\b(?:early\s+)?termination\s+(?:fee|payment|charge)\b",
            r"\bbreak(?:-?up)?\s+fee\b",
            r"\bkill\s+fee\b",
        ),
    ),
    "penalty": Rule(
        (
            r"\bpenalt(?:y|ies)\b",
            r"\bservice\s+(?:level\s+)?credits?\b",
            r"\blate\s+(?:payment\s+)?" r"(?:fee|charge)s?\b",
        ),
    ),
    "warranty_duration": Rule(
        (
            r"\bwarrant\w*\b[^.]{0,200}\b(?:for\s+a\s+period\s+of|period\s+of|for)\s+(?:\w+\s+)?"
            r"(?:\(\d+\)\s+)?(?:days?|months?|years?)\b",
            r"\bwarranty\s+period\b",
            r"\b(?:days?|months?|years?)\b[^.]{0,120}\bwarrant\w*",
        ),
        titles=(r"\bwarrant(?:y|ies)\b",),
        veto=(
            r"^(?![\s\S]*\b(?:\d+|one|two|three|six|twelve|eighteen|twenty[- ]four|thirty|"
            r"ninety|sixty)\s*(?:\(\d+\)\s*)?(?:days?|months?|years?)\b)",
        ),
    ),
    "third_party_beneficiary": Rule(
        (
            r"\bthird[- ]party\s+beneficiar\w*",
            r"\b(?:intended|express|incidental)\s+beneficiar\w*",
            r"\bbeneficiar\w*\b[^.]{0,80}\bthird\b",
            r"\b(?:confer|give)\w*\b[^.]{0,100}\b(?:upon|on|to)\s+any\s+(?:person|third\s+party|"
            r"other\s+person)\b[^.]{0,100}\b(?:right|remed|benefit)",
        ),
        titles=(r"\bthird[- ]party\s+beneficiar", r"\bno\s+third[- ]party\b"),
    ),
    "governing_law": Rule(
        (
            r"\b(?:governed|construed|interpreted)\b[^.]{0,120}\blaws?\s+of\b",
            r"\bgoverning\s+law\b",
            r"\bchoice\s+of\s+law\b",
        ),
        titles=(r"\bgoverning\s+law\b", r"\bapplicable\s+law\b", r"\bchoice\s+of\s+law\b"),
    ),
    "renewal_term": Rule(
        (
            r"\b(?:automatic(?:ally)?\s+)?renew\w*\b[^.]{0,160}\b(?:successive|additional|"
            r"subsequent|consecutive|further)?\s*(?:\w+\s+)?(?:\(\d+\)\s+)?(?:year|month)",
            r"\b(?:year|month)[- ]to[- ](?:year|month)\b",
            r"\brenewal\s+(?:term|period)s?\b",
            r"\bextend\w*\b[^.]{0,80}\bfor\s+(?:an?\s+)?(?:additional|successive|further)\b",
        ),
        titles=(r"\brenewal\b",),
    ),
    "notice_period": Rule(
        (
            r"\b(?:days?|months?|weeks?)['’]?\s*(?:\(\d+\)\s*)?(?:prior\s+|advance\s+)?"
            r"(?:written\s+)?notice\b",
            r"\bnotice\b[^.]{0,80}\b(?:at\s+least|not\s+less\s+than|no\s+later\s+than)\b[^.]{0,40}"
            r"\b(?:days?|months?|weeks?)\b",
        ),
    ),
    "data_protection": Rule(
        (
            r"\bpersonal(?:ly)?\s+(?:identifiable\s+)?(?:data|information)\b",
            r"\bdata\s+(?:protection|privacy|security|breach|processing|processor|controller|"
            r"subject)\b",
            r"\bprivacy\b",
            r"\bGDPR\b|\bGeneral\s+Data\s+Protection\s+Regulation\b|\bHIPAA\b|\bCCPA\b",
            r"\bprotected\s+health\s+information\b",
        ),
        titles=(r"\bdata\s+protection\b", r"\bprivacy\b", r"\bdata\s+security\b"),
    ),
    "confidentiality": Rule(
        (r"\bconfidential\w*", r"\bnon-?disclosure\b", r"\bproprietary\s+information\b"),
        titles=(r"\bconfidential", r"\bnon-?disclosure\b"),
        veto=(
            r"\bconfidential\s+treatment\s+(?:requested|has\s+been\s+requested)\b"
            r"(?![\s\S]{0,400}\bconfidential\s+information\b)",
        ),
    ),
    "indemnification": Rule(
        (r"\bindemnif\w*", r"\bhold\s+(?:\w+\s+)?harmless\b"),
        titles=(r"\bindemni",),
    ),
    "payment_terms": Rule(
        (
            r"\b(?:within|net)\s+(?:\w+\s+)?(?:\(\d+\)\s+)?days?\b[^.]{0,80}\b(?:invoice|receipt)",
            r"\b(?:invoice|receipt)\w*\b[^.]{0,120}\bwithin\s+(?:\w+\s+)?(?:\(\d+\)\s+)?days?\b",
            r"\bpayment\s+terms?\b",
            r"\b(?:shall|will)\s+(?:pay|be\s+paid|remit)\b[^.]{0,160}\b(?:within|no\s+later\s+than|"
            r"on\s+or\s+before|in\s+advance|monthly|quarterly|annually)\b",
            r"\binvoic\w*",
        ),
        titles=(r"\bpayment", r"\binvoic", r"\bfees?\b", r"\bcompensation\b"),
    ),
    "termination": Rule(
        (
            r"\bterminat\w*\b[^.]{0,160}\b(?:this\s+agreement|the\s+agreement|the\s+term)\b",
            r"\b(?:this\s+agreement|the\s+agreement)\b[^.]{0,80}\b(?:may|shall)\s+(?:be\s+)?terminat",
        ),
        titles=(r"\btermination\b",),
    ),
    "force_majeure": Rule(
        (r"\bforce\s+majeure\b", r"\bacts?\s+of\s+god\b"),
        titles=(r"\bforce\s+majeure\b",),
    ),
    "dispute_resolution": Rule(
        (
            r"\barbitrat\w*",
            r"\bmediat(?:ion|or)\b",
            r"\bdispute\s+resolution\b",
            r"\bexclusive\s+jurisdiction\b",
            r"\bsubmits?\s+to\s+the\s+(?:non-exclusive\s+|exclusive\s+)?" r"jurisdiction\b",
        ),
        titles=(r"\bdispute", r"\barbitration\b", r"\bjurisdiction\b", r"\bvenue\b"),
    ),
}

# CUAD category -> our tag (for measurement against the expert labels)
CUAD_TO_TAG: dict[str, str] = {
    "Anti-Assignment": "anti_assignment",
    "Change of Control": "change_of_control",
    "Non-Compete": "non_compete",
    "Exclusivity": "exclusivity",
    "No-Solicit of Customers": "non_solicit",
    "No-Solicit of Employees": "non_solicit",
    "Non-Disparagement": "non_disparagement",
    "Termination for Convenience": "termination_for_convenience",
    "Rofr/Rofo/Rofn": "rofr_rofo",
    "Audit Rights": "audit_rights",
    "Cap on Liability": "cap_on_liability",
    "Uncapped Liability": "uncapped_liability",
    "Insurance": "insurance",
    "IP Ownership Assignment": "ip_ownership_assignment",
    "Joint IP Ownership": "joint_ip_ownership",
    "License Grant": "license_grant",
    "Non-Transferable License": "non_transferable_license",
    "Affiliate License-Licensor": "affiliate_license_licensor",
    "Affiliate License-Licensee": "affiliate_license_licensee",
    "Unlimited/All-You-Can-Eat-License": "unlimited_license",
    "Irrevocable or Perpetual License": "irrevocable_or_perpetual_license",
    "Source Code Escrow": "source_code_escrow",
    "Post-Termination Services": "post_termination_services",
    "Most Favored Nation": "most_favored_nation",
    "Liquidated Damages": "liquidated_damages",
    "Warranty Duration": "warranty_duration",
    "Third Party Beneficiary": "third_party_beneficiary",
    "Minimum Commitment": "minimum_commitment",
    "Revenue/Profit Sharing": "revenue_profit_sharing",
    "Price Restrictions": "price_restrictions",
    "Volume Restriction": "volume_restriction",
    "Covenant Not to Sue": "covenant_not_to_sue",
    "Competitive Restriction Exception": "competitive_restriction_exception",
    "Governing Law": "governing_law",
    "Renewal Term": "renewal_term",
    "Notice Period to Terminate Renewal": "notice_period",
}

RULES["most_favored_nation"] = Rule(
    (
        r"\bmost[- ]favou?red\b",
        r"\b(?:no\s+less|not\s+less|at\s+least\s+as)\s+favou?rable\b[^.]{0,160}\b(?:than|as)\b[^.]{0,120}"
        r"\b(?:any\s+other|third|other\s+(?:customer|licensee|distributor|purchaser|client)s?)",
        r"\b(?:better|lower|more\s+favou?rable)\s+(?:terms|prices?|pricing|rates?)\b[^.]{0,200}"
        r"\b(?:any\s+other|third\s+part|other\s+(?:customer|licensee|distributor|purchaser|client))",
        r"\b(?:any\s+other|third\s+part\w*|other\s+(?:customer|licensee|distributor)s?)\b[^.]{0,200}"
        r"\b(?:lower|better|more\s+favou?rable)\s+(?:prices?|pricing|terms|rates?)\b",
        r"\bequal\s+to\s+or\s+(?:better|lower)\s+than\b",
        r"\blowest\s+(?:net\s+)?(?:price|rate|fee|royalt)\w*\b",
        r"\bat\s+least\s+as\s+favou?rabl[ey]\b",
        r"\b(?:any|a)\s+(?:subsequent\s+)?agreement\s+with\s+(?:any\s+)?(?:another|other|third)\b[^.]{0,200}"
        r"\b(?:pric\w+|terms|royalt\w*)\b[^.]{0,120}\b(?:favou?rable|lower|better)\b",
    ),
    titles=(r"\bmost\s+favou?red\b",),
)

TAGS: list[str] = sorted(RULES)
_COMPILED = {
    tag: (
        [re.compile(p, re.I) for p in rule.patterns],
        [re.compile(p, re.I) for p in rule.titles],
        [re.compile(p, re.I) for p in rule.veto],
    )
    for tag, rule in RULES.items()
}


_SENTENCE_END = re.compile(r"[.;!?](?=\s+[\"“(]?[A-Z0-9])|\n\s*\n")


def _sentence_around(text: str, start: int, end: int) -> str:
    lo = 0
    for m in _SENTENCE_END.finditer(text, max(0, start - 600), start):
        lo = m.end()
    after = _SENTENCE_END.search(text, end)
    hi = after.end() if after else len(text)
    return text[lo:hi]


def _hits(text: str, patterns, vetoes) -> bool:
    """A pattern matches and no veto matches the sentence of that match."""
    for p in patterns:
        for m in p.finditer(text):
            if not vetoes:
                return True
            sentence = _sentence_around(text, m.start(), m.end())
            if not any(v.search(sentence) for v in vetoes):
                return True
    return False


def tag_text(text: str, title: str | None = None) -> list[str]:
    """Categories of one passage (its text and, if given, its heading title)."""
    tags = set(title_tags(title)) if title else set()
    tags.update(tag for tag, (patterns, _, vetoes) in _COMPILED.items()
                if tag not in tags and _hits(text, patterns, vetoes))
    return sorted(tags)


def tags_in_text(text: str, tags) -> set[str]:
    """The types among ``tags`` that the passage's text (no title) reads as: ``set(tag_text(text)) & set(tags)``,
    with only those types' patterns run."""
    return {tag for tag in tags if tag in _COMPILED and _hits(text, _COMPILED[tag][0], _COMPILED[tag][2])}


def title_tags(title: str) -> list[str]:
    """Categories a heading names by itself ("LIMITATION OF LIABILITY" -> cap_on_liability)."""
    return sorted(tag for tag, (_, titles, _) in _COMPILED.items() if any(p.search(title) for p in titles))


def matches(text: str, tag: str) -> list[tuple[int, int]]:
    """Spans of ``text`` that trigger ``tag`` (for highlighting and checks)."""
    patterns, _, _ = _COMPILED[tag]
    return sorted((m.start(), m.end()) for p in patterns for m in p.finditer(text))
