# ruff: noqa: E501  (contract prose is data: long lines are kept whole)
"""Build the sample contract library (our own writing) as PDF, DOCX, Markdown and HTML.

    .venv/bin/python samples/build_samples.py            # writes next to this file

Outputs (commit them; the build is deterministic):
    history/cloudsecure-vendor-agreement.pdf   Vendor Agreement v1 (1 March 2022, superseded)
    library/cloudsecure-vendor-agreement.pdf   Vendor Agreement v2 (15 January 2024, active)
    library/cloudsecure-dpa.docx               Data Processing Addendum to v2
    library/northwind-msa.pdf                  Master Services Agreement with a ruled fee table
    library/acme-nda.md                        Mutual NDA (Markdown)
    library/contoso-reseller.html              Reseller Agreement (HTML)

All names, companies and figures are fictitious.
"""

from __future__ import annotations

import datetime as dt
import html
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent

# --- a tiny document model shared by the PDF and DOCX writers -----------------


@dataclass
class H:  # numbered top-level heading, e.g. "9. Liability and Penalties"
    text: str


@dataclass
class C:  # clause with a run-in title: "9.2 Data Breach Penalty. In the event ..."
    number: str
    title: str | None
    text: str


@dataclass
class P:  # plain paragraph
    text: str
    indent: bool = False


@dataclass
class L:  # lettered sub-clause "(a) ..."
    letter: str
    text: str


@dataclass
class T:  # ruled table
    header: list[str]
    rows: list[list[str]]
    caption: str | None = None


@dataclass
class Doc:
    title: str
    subtitle: str
    running_head: str
    body: list = field(default_factory=list)
    signatures: list[tuple[str, str, str]] = field(default_factory=list)  # party, name, title
    schedules: list = field(default_factory=list)  # after the signatures


# --- content --------------------------------------------------------------------

NORTHWIND = "Northwind Analytics Ltd, a company registered in England and Wales under number 08123456, whose registered office is at 40 Canal Street, Manchester M1 3WD, United Kingdom"
CLOUDSECURE = "CloudSecure GmbH, a company registered with the commercial register of the Local Court of Munich under HRB 245871, whose registered office is at Leopoldstrasse 180, 80804 Munich, Germany"


def vendor_agreement(version: int) -> Doc:
    """The CloudSecure Vendor Agreement; version 1 (2022) or version 2 (2024)."""
    v2 = version == 2
    date = "15 January 2024" if v2 else "1 March 2022"
    penalty = (
        "EUR 1,500,000 (one million five hundred thousand euros)"
        if v2
        else "EUR 150,000 (one hundred and fifty thousand euros)"
    )
    notice_days = "sixty (60) days'" if v2 else "thirty (30) days'"
    d = Doc(
        title="VENDOR AGREEMENT",
        subtitle=f"Version {version}.0 - dated {date}",
        running_head=f"CloudSecure Vendor Agreement v{version} - Confidential",
    )
    b = d.body
    b.append(
        P(
            f'This Vendor Agreement (the "Agreement") is made on {date} (the "Effective Date") between:'
        )
    )
    b.append(P(f'(1) {NORTHWIND} ("Northwind" or the "Customer"); and', indent=True))
    b.append(P(f'(2) {CLOUDSECURE} ("CloudSecure" or the "Vendor").', indent=True))
    b.append(
        P(
            "Northwind wishes to obtain managed security monitoring and encrypted cloud storage services, and CloudSecure "
            "has agreed to provide those services on the terms of this Agreement. "
            + (
                "This Agreement replaces and supersedes the Vendor Agreement between the parties dated 1 March 2022 with effect from the Effective Date."
                if v2
                else ""
            )
        )
    )
    b.append(H("1. Definitions and Interpretation"))
    b.append(C("1.1", None, "In this Agreement the following terms have the following meanings:"))
    b.append(
        L(
            "a",
            '"Customer Data" means all data, including Personal Data, that Northwind or its users upload to, or process through, the Services;',
        )
    )
    b.append(
        L(
            "b",
            '"Personal Data" and "Personal Data Breach" have the meanings given to them in the GDPR;',
        )
    )
    b.append(
        L(
            "c",
            '"GDPR" means Regulation (EU) 2016/679 of the European Parliament and of the Council (the General Data Protection Regulation);',
        )
    )
    b.append(
        L(
            "d",
            '"Services" means the services described in Schedule 1, as updated from time to time by written agreement of the parties.',
        )
    )
    b.append(
        C(
            "1.2",
            None,
            "Clause headings do not affect the interpretation of this Agreement. References to clauses are to the clauses of this Agreement.",
        )
    )
    b.append(H("2. Services"))
    b.append(
        C(
            "2.1",
            "Provision of Services",
            "CloudSecure shall provide the Services to Northwind from the Effective Date in accordance with this Agreement, good industry practice and the service levels set out in Schedule 1.",
        )
    )
    b.append(
        C(
            "2.2",
            "Personnel",
            "CloudSecure shall ensure that all personnel engaged in the provision of the Services are suitably skilled, screened in accordance with applicable law and bound by written obligations of confidentiality.",
        )
    )
    b.append(
        C(
            "2.3",
            "Subcontracting",
            "CloudSecure shall not subcontract any part of the Services without the prior written consent of Northwind, which shall not be unreasonably withheld. CloudSecure remains responsible for the acts and omissions of its subcontractors as if they were its own.",
        )
    )
    b.append(H("3. Fees and Payment"))
    b.append(
        C(
            "3.1",
            "Fees",
            "Northwind shall pay the fees set out in Schedule 2. Unless stated otherwise, fees are exclusive of value added tax, which Northwind shall pay at the applicable rate.",
        )
    )
    b.append(
        C(
            "3.2",
            "Invoicing",
            f"CloudSecure shall invoice Northwind monthly in arrears. Northwind shall pay each undisputed invoice within {'forty-five (45)' if v2 else 'thirty (30)'} days of receipt.",
        )
    )
    b.append(
        C(
            "3.3",
            "Disputed Invoices",
            "If Northwind disputes an invoice in good faith it shall notify CloudSecure within fifteen (15) days of receipt and the parties shall seek to resolve the dispute under clause 14.",
        )
    )
    b.append(H("4. Term and Renewal"))
    if v2:
        b.append(
            C(
                "4.1",
                "Term",
                "This Agreement commences on the Effective Date and continues for an initial term of three (3) years, unless terminated earlier in accordance with clause 10.",
            )
        )
        b.append(
            C(
                "4.2",
                "Renewal",
                "After the initial term this Agreement renews automatically for successive periods of one (1) year each, unless either party gives written notice of non-renewal at least ninety (90) days before the end of the then-current term.",
            )
        )
    else:
        b.append(
            C(
                "4.1",
                "Term",
                "This Agreement commences on the Effective Date and continues for an initial term of one (1) year, unless terminated earlier in accordance with clause 10.",
            )
        )
        b.append(
            C(
                "4.2",
                "Renewal",
                "After the initial term this Agreement renews automatically for successive periods of one (1) year each, unless either party gives written notice of non-renewal at least thirty (30) days before the end of the then-current term.",
            )
        )
    b.append(H("5. Service Levels"))
    b.append(
        C(
            "5.1",
            "Availability",
            f"CloudSecure shall make the storage Services available at least {'99.95' if v2 else '99.9'} per cent of the time in each calendar month, excluding planned maintenance notified at least five (5) business days in advance.",
        )
    )
    b.append(
        C(
            "5.2",
            "Service Credits",
            "If CloudSecure fails to meet the availability level in any month, it shall credit Northwind with five per cent (5%) of the monthly fees for each full 0.1 per cent shortfall, up to a maximum of fifty per cent (50%) of the monthly fees.",
        )
    )
    b.append(H("6. Security"))
    b.append(
        C(
            "6.1",
            "Security Measures",
            "CloudSecure shall implement and maintain appropriate technical and organisational measures to protect Customer Data, including encryption of Customer Data at rest (AES-256) and in transit (TLS 1.2 or higher), multi-factor authentication for administrative access and annual penetration testing by an independent tester.",
        )
    )
    b.append(
        C(
            "6.2",
            "Certification",
            "CloudSecure shall maintain ISO/IEC 27001 certification for the Services throughout the term and shall provide Northwind with a copy of its current certificate on request.",
        )
    )
    b.append(H("7. Confidentiality"))
    b.append(
        C(
            "7.1",
            None,
            "Each party shall keep the other party's confidential information secret, shall use it only to perform its obligations under this Agreement and shall disclose it only to its employees, advisers and subcontractors who need to know it and are bound by equivalent obligations.",
        )
    )
    b.append(
        C(
            "7.2",
            None,
            "The obligations in this clause 7 survive termination of this Agreement for five (5) years.",
        )
    )
    b.append(H("8. Data Protection"))
    if v2:
        b.append(
            C(
                "8.1",
                "Processor Obligations",
                "CloudSecure processes Personal Data as a processor on behalf of Northwind. The parties' obligations in respect of that processing are set out in the Data Processing Addendum attached to this Agreement, which forms part of it.",
            )
        )
    else:
        b.append(
            C(
                "8.1",
                "Processor Obligations",
                "CloudSecure processes Personal Data as a processor on behalf of Northwind and shall process it only on Northwind's documented instructions and in accordance with the GDPR.",
            )
        )
    b.append(
        C(
            "8.2",
            "Data Location",
            "CloudSecure shall store Customer Data only in data centres located in the European Economic Area.",
        )
    )
    b.append(H("9. Liability and Penalties"))
    if v2:
        b.append(
            C(
                "9.1",
                "Limitation of Liability",
                "Subject to clauses 9.2 and 9.5, the total aggregate liability of CloudSecure arising under or in connection with this Agreement, whether in contract, tort (including negligence) or otherwise, shall not exceed EUR 5,000,000 (five million euros) in any contract year.",
            )
        )
    else:
        b.append(
            C(
                "9.1",
                "Limitation of Liability",
                "Subject to clause 9.2, the total aggregate liability of CloudSecure arising under or in connection with this Agreement shall not exceed the fees paid by Northwind in the twelve (12) months preceding the claim.",
            )
        )
    b.append(
        C(
            "9.2",
            "Data Breach Penalty",
            f"If a Personal Data Breach affecting Customer Data results from CloudSecure's failure to comply with clause 6 or clause 8, CloudSecure shall pay Northwind a contractual penalty of {penalty} per incident. The penalty is payable within thirty (30) days of Northwind's written demand and is without prejudice to Northwind's right to claim damages exceeding the penalty.",
        )
    )
    if v2:
        b.append(
            C(
                "9.3",
                "Breach Notification",
                "CloudSecure shall notify Northwind of any Personal Data Breach without undue delay and in any event within twenty-four (24) hours of becoming aware of it, so as to enable Northwind to meet its obligations under Article 33 of the GDPR (Regulation (EU) 2016/679). The notice shall describe the nature of the breach, the categories and approximate number of data subjects concerned and the measures taken or proposed.",
            )
        )
        b.append(
            C(
                "9.4",
                "Insurance",
                "CloudSecure shall maintain cyber liability insurance with a limit of not less than EUR 10,000,000 per claim with a reputable insurer throughout the term and for two (2) years after it ends.",
            )
        )
        b.append(
            C(
                "9.5",
                "Exclusions",
                "Nothing in this Agreement limits either party's liability for death or personal injury caused by negligence, for fraud or for any liability that cannot be limited by law.",
            )
        )
    else:
        b.append(
            C(
                "9.3",
                "Breach Notification",
                "CloudSecure shall notify Northwind of any Personal Data Breach without undue delay after becoming aware of it.",
            )
        )
        b.append(
            C(
                "9.4",
                "Exclusions",
                "Nothing in this Agreement limits either party's liability for death or personal injury caused by negligence or for fraud.",
            )
        )
    b.append(H("10. Termination"))
    b.append(
        C(
            "10.1",
            "Termination for Convenience",
            f"Northwind may terminate this Agreement for convenience at any time by giving CloudSecure not less than {notice_days} written notice.",
        )
    )
    b.append(
        C(
            "10.2",
            "Termination for Cause",
            "Either party may terminate this Agreement with immediate effect by written notice if the other party commits a material breach which is irremediable or, if remediable, is not remedied within thirty (30) days of written notice requiring it to be remedied.",
        )
    )
    b.append(
        C(
            "10.3",
            "Exit Assistance",
            "On termination CloudSecure shall, at Northwind's option, return or securely delete all Customer Data within thirty (30) days and certify in writing that it has done so.",
        )
    )
    b.append(H("11. Assignment"))
    b.append(
        C(
            "11.1",
            None,
            "Neither party may assign or transfer this Agreement without the prior written consent of the other party, except that Northwind may assign it to a member of its group on written notice.",
        )
    )
    b.append(H("12. Notices"))
    b.append(
        C(
            "12.1",
            None,
            "Notices under this Agreement shall be in writing and sent to the addresses set out above, or by email to legal@northwind-analytics.example (for Northwind) and contracts@cloudsecure.example (for CloudSecure). A notice sent by email is deemed received on the next business day.",
        )
    )
    b.append(H("13. Governing Law"))
    if v2:
        b.append(
            C(
                "13.1",
                None,
                "This Agreement and any dispute or claim arising out of or in connection with it shall be governed by the laws of the Federal Republic of Germany, excluding the UN Convention on Contracts for the International Sale of Goods.",
            )
        )
        b.append(
            C(
                "13.2",
                None,
                "The courts of Munich, Germany shall have exclusive jurisdiction to settle any dispute arising out of or in connection with this Agreement.",
            )
        )
    else:
        b.append(
            C(
                "13.1",
                None,
                "This Agreement and any dispute or claim arising out of or in connection with it shall be governed by the laws of Germany.",
            )
        )
    b.append(H("14. Dispute Resolution"))
    b.append(
        C(
            "14.1",
            None,
            "The parties shall first attempt to resolve any dispute through good-faith negotiation between their account managers and, failing resolution within twenty (20) business days, between their managing directors.",
        )
    )
    b.append(H("15. General"))
    b.append(
        C(
            "15.1",
            "Entire Agreement",
            "This Agreement, together with its schedules"
            + (" and the Data Processing Addendum" if v2 else "")
            + ", constitutes the entire agreement between the parties and supersedes all prior arrangements relating to its subject matter.",
        )
    )
    b.append(
        C(
            "15.2",
            "Counterparts",
            "This Agreement may be executed in counterparts, including by electronic signature, each of which is an original.",
        )
    )
    b.append(
        P(
            "Signed for and on behalf of the parties by their duly authorised representatives. CS GmbH signs through its managing director."
            if not v2
            else "Signed for and on behalf of the parties by their duly authorised representatives. For the avoidance of doubt, references in Schedule 1 to CS GmbH are references to CloudSecure."
        )
    )
    d.signatures = [
        ("Northwind Analytics Ltd", "Helen Carter", "Chief Operating Officer"),
        ("CloudSecure GmbH", "Markus Brandt" if v2 else "Jonas Weber", "Managing Director"),
    ]
    b = d.schedules
    b.append(H("Schedule 1 - Services"))
    b.append(
        P(
            "Managed security monitoring (24x7 security operations centre), encrypted object storage in two EEA regions, daily backups retained for thirty-five (35) days, and quarterly security reporting. CS GmbH shall name a dedicated service manager for Northwind."
        )
    )
    b.append(H("Schedule 2 - Fees"))
    b.append(
        P(
            "Monthly service fee: EUR "
            + ("42,000" if v2 else "28,000")
            + ". Storage above 500 TB: EUR 38 per TB per month. One-off onboarding fee: EUR "
            + ("15,000" if v2 else "12,000")
            + "."
        )
    )
    return d


def northwind_msa() -> Doc:
    d = Doc(
        title="MASTER SERVICES AGREEMENT",
        subtitle="dated 3 June 2023",
        running_head="Northwind / Fabrikam Master Services Agreement",
    )
    b = d.body
    b.append(
        P(
            'This Master Services Agreement (the "Agreement") is entered into as of 3 June 2023 (the "Effective Date") by and between:'
        )
    )
    b.append(P(f'(1) {NORTHWIND} ("Northwind" or "Client"); and', indent=True))
    b.append(
        P(
            '(2) Fabrikam Consulting Inc., a Delaware corporation with its principal place of business at 1200 Avenue of the Americas, New York, NY 10036, USA ("Fabrikam" or "Consultant").',
            indent=True,
        )
    )
    b.append(H("1. Scope of Services"))
    b.append(
        C(
            "1.1",
            "Statements of Work",
            'Fabrikam shall perform the data platform implementation, support and training services described in one or more statements of work agreed in writing by the parties (each a "SOW"). Each SOW is governed by this Agreement.',
        )
    )
    b.append(
        C(
            "1.2",
            "Order of Precedence",
            "If there is a conflict between this Agreement and a SOW, this Agreement prevails unless the SOW expressly states that a specific clause of this Agreement is varied.",
        )
    )
    b.append(
        C(
            "1.3",
            "Acceptance",
            "Deliverables are accepted when Northwind confirms in writing that they conform to the acceptance criteria in the relevant SOW, or ten (10) business days after delivery if Northwind has not rejected them with reasons.",
        )
    )
    b.append(H("2. Fees"))
    b.append(
        C(
            "2.1",
            "Fee Schedule",
            "Northwind shall pay Fabrikam the fees set out in the table below. Fees are stated in United States dollars and are exclusive of applicable sales taxes.",
        )
    )
    b.append(
        T(
            ["Service", "Unit", "Fee"],
            [
                ["Implementation", "per project", "USD 120,000"],
                ["Support", "per month", "USD 8,500"],
                ["Training", "per day", "USD 2,400"],
            ],
            caption="Table 1 - Fee Schedule",
        )
    )
    b.append(
        C(
            "2.2",
            "Expenses",
            "Northwind shall reimburse reasonable travel expenses approved in advance in writing, at cost and without mark-up.",
        )
    )
    b.append(
        C(
            "2.3",
            "Payment Terms",
            "Fabrikam shall invoice monthly. Northwind shall pay each undisputed invoice within thirty (30) days of receipt. Late amounts bear interest at one per cent (1%) per month.",
        )
    )
    b.append(H("3. Term and Termination"))
    b.append(
        C(
            "3.1",
            "Term",
            "This Agreement begins on the Effective Date and continues for three (3) years, after which it renews for successive one (1) year terms unless either party gives notice of non-renewal.",
        )
    )
    b.append(
        C(
            "3.2",
            "Termination for Convenience",
            "Either party may terminate this Agreement or any SOW for convenience by giving the other party ninety (90) days' prior written notice.",
        )
    )
    b.append(
        C(
            "3.3",
            "Termination for Breach",
            "Either party may terminate this Agreement immediately by written notice if the other party materially breaches it and fails to cure the breach within thirty (30) days of notice.",
        )
    )
    b.append(H("4. Personnel and Non-Solicitation"))
    b.append(
        C(
            "4.1",
            "Key Personnel",
            "Fabrikam shall assign the key personnel named in each SOW and shall not replace them without Northwind's consent, except for illness, resignation or termination of employment.",
        )
    )
    b.append(
        C(
            "4.2",
            "Non-Solicitation",
            "During the term of this Agreement and for twelve (12) months after it ends, neither party shall solicit for employment any employee of the other party who was directly involved in the Services, except through general advertisements not targeted at such employees.",
        )
    )
    b.append(H("5. Insurance"))
    b.append(
        C(
            "5.1",
            None,
            "Fabrikam shall maintain, at its own cost, professional liability (errors and omissions) insurance and commercial general liability insurance, each with a limit of not less than USD 2,000,000 per occurrence, and shall provide certificates of insurance on request.",
        )
    )
    b.append(H("6. Intellectual Property"))
    b.append(
        C(
            "6.1",
            None,
            "All deliverables created specifically for Northwind under a SOW vest in Northwind on payment of the applicable fees. Fabrikam retains ownership of its pre-existing tools and methodologies and grants Northwind a perpetual, non-exclusive licence to use them as part of the deliverables.",
        )
    )
    b.append(H("7. Confidentiality"))
    b.append(
        C(
            "7.1",
            None,
            "Each party shall protect the other party's confidential information with at least the degree of care it uses for its own, and in no event less than reasonable care, for the term of this Agreement and three (3) years after it ends.",
        )
    )
    b.append(H("8. Limitation of Liability"))
    b.append(
        C(
            "8.1",
            None,
            "Except for breach of clause 7 or a party's indemnity obligations, neither party's aggregate liability under this Agreement shall exceed the total fees paid or payable in the twelve (12) months preceding the event giving rise to the claim.",
        )
    )
    b.append(H("9. Governing Law and Venue"))
    b.append(
        C(
            "9.1",
            None,
            "This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws rules. The state and federal courts located in New York County, New York have exclusive jurisdiction over any dispute arising under it.",
        )
    )
    b.append(H("10. Miscellaneous"))
    b.append(
        C(
            "10.1",
            "Notices",
            "Notices must be in writing and delivered by hand, courier or email to the addresses in the preamble, marked for the attention of the signatories below.",
        )
    )
    b.append(
        C(
            "10.2",
            "Independent Contractors",
            "The parties are independent contractors. Nothing in this Agreement creates a partnership, joint venture or employment relationship.",
        )
    )
    b.append(
        C(
            "10.3",
            "Entire Agreement",
            "This Agreement and all SOWs constitute the entire agreement between the parties regarding their subject matter.",
        )
    )
    d.signatures = [
        ("Northwind Analytics Ltd", "Helen Carter", "Chief Operating Officer"),
        ("Fabrikam Consulting Inc.", "Daniel Okafor", "President"),
    ]
    return d


DPA_SUBPROCESSORS = [
    ["Sub-processor", "Location", "Purpose"],
    ["EuroColo Rechenzentren AG", "Frankfurt, Germany", "Data centre hosting"],
    ["NordBackup AB", "Stockholm, Sweden", "Encrypted off-site backups"],
    ["SecOps Lisboa Lda", "Lisbon, Portugal", "Security operations centre (second line)"],
]


def dpa_sections() -> list:
    """The Data Processing Addendum (written to DOCX)."""
    return [
        P(
            'This Data Processing Addendum (the "Addendum") forms part of the Vendor Agreement dated 15 January 2024 (the "Agreement") between Northwind Analytics Ltd ("Northwind", the controller) and CloudSecure GmbH ("CloudSecure", the processor). It applies from 15 January 2024.'
        ),
        H("1. Subject Matter and Duration"),
        C(
            "1.1",
            None,
            "CloudSecure processes Personal Data on behalf of Northwind for the purpose of providing the Services under the Agreement, for the duration of the Agreement and any exit period.",
        ),
        C(
            "1.2",
            None,
            "This Addendum sets out the terms required by Article 28 of the GDPR (Regulation (EU) 2016/679). Terms defined in the Agreement have the same meaning in this Addendum.",
        ),
        H("2. Instructions"),
        C(
            "2.1",
            None,
            "CloudSecure shall process Personal Data only on documented instructions from Northwind, including with regard to transfers to a third country, unless required to do so by Union or Member State law; in that case CloudSecure shall inform Northwind of that legal requirement before processing.",
        ),
        C(
            "2.2",
            None,
            "CloudSecure shall immediately inform Northwind if, in its opinion, an instruction infringes the GDPR or other data protection law.",
        ),
        H("3. Sub-processors"),
        C(
            "3.1",
            "General Authorisation",
            "Northwind grants CloudSecure a general written authorisation to engage the sub-processors listed in the table below. CloudSecure shall inform Northwind of any intended addition or replacement of a sub-processor at least thirty (30) days in advance, giving Northwind the opportunity to object on reasonable grounds.",
        ),
        T(DPA_SUBPROCESSORS[0], DPA_SUBPROCESSORS[1:], caption="Approved sub-processors"),
        C(
            "3.2",
            "Flow-down",
            "CloudSecure shall impose on each sub-processor, by written contract, the same data protection obligations as set out in this Addendum and shall remain fully liable to Northwind for the performance of each sub-processor's obligations.",
        ),
        H("4. Security and Confidentiality"),
        C(
            "4.1",
            None,
            "CloudSecure shall implement the technical and organisational measures described in clause 6 of the Agreement and shall ensure that persons authorised to process Personal Data have committed themselves to confidentiality.",
        ),
        H("5. Personal Data Breach"),
        C(
            "5.1",
            "Notification",
            "CloudSecure shall notify Northwind without undue delay, and in any event no later than seventy-two (72) hours after becoming aware of a Personal Data Breach, providing the information Northwind needs to notify the supervisory authority and data subjects. Where the Agreement sets a shorter period, the shorter period applies.",
        ),
        C(
            "5.2",
            "Cooperation",
            "CloudSecure shall cooperate with Northwind and take reasonable steps to contain, investigate and mitigate the effects of the Personal Data Breach.",
        ),
        H("6. Audits"),
        C(
            "6.1",
            None,
            "CloudSecure shall make available to Northwind all information necessary to demonstrate compliance with Article 28 of the GDPR and shall allow for and contribute to audits, including inspections, conducted by Northwind or an auditor mandated by Northwind, on thirty (30) days' notice and not more than once a year.",
        ),
        H("7. Liability and Fines"),
        C(
            "7.1",
            None,
            "Where a supervisory authority imposes an administrative fine under Article 83(4) of the GDPR on Northwind as a result of CloudSecure's breach of this Addendum, CloudSecure shall indemnify Northwind for that fine to the extent caused by the breach. This indemnity is subject to the limitation of liability in clause 9.1 of the Agreement but is not limited by the penalty in clause 9.2 of the Agreement.",
        ),
        H("8. Return and Deletion"),
        C(
            "8.1",
            None,
            "At the end of the provision of the Services, CloudSecure shall, at Northwind's choice, delete or return all Personal Data and delete existing copies unless Union or Member State law requires storage of the Personal Data.",
        ),
    ]


# --- PDF writer (reportlab) -------------------------------------------------------------


def write_pdf(doc: Doc, path: Path) -> None:
    from reportlab import rl_config
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import (
        KeepTogether,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    rl_config.invariant = 1  # no timestamps or random ids: the same bytes on every build
    base = ParagraphStyle(
        "base",
        fontName="Times-Roman",
        fontSize=10.5,
        leading=13.5,
        alignment=TA_JUSTIFY,
        spaceAfter=5,
    )
    title = ParagraphStyle(
        "title",
        parent=base,
        fontName="Helvetica-Bold",
        fontSize=16,
        leading=20,
        alignment=TA_CENTER,
        spaceAfter=4,
    )
    subtitle = ParagraphStyle(
        "subtitle",
        parent=base,
        fontName="Helvetica",
        fontSize=10.5,
        alignment=TA_CENTER,
        spaceAfter=14,
    )
    heading = ParagraphStyle(
        "heading",
        parent=base,
        fontName="Helvetica-Bold",
        fontSize=11.5,
        leading=15,
        spaceBefore=8,
        spaceAfter=4,
        alignment=0,
    )
    indented = ParagraphStyle("indented", parent=base, leftIndent=8 * mm)
    lettered = ParagraphStyle("lettered", parent=base, leftIndent=10 * mm, firstLineIndent=-6 * mm)
    cell = ParagraphStyle("cell", parent=base, alignment=0, spaceAfter=0)
    cell_head = ParagraphStyle("cell_head", parent=cell, fontName="Helvetica-Bold")
    caption = ParagraphStyle(
        "caption", parent=base, fontName="Helvetica-Oblique", fontSize=9.5, alignment=TA_CENTER
    )

    def esc(s: str) -> str:
        return html.escape(s, quote=False)

    def render(items: list) -> list:
        out = []
        for item in items:
            if isinstance(item, H):
                out.append(Paragraph(esc(item.text), heading))
            elif isinstance(item, C):
                lead = f"<b>{esc(item.number)}</b> " + (
                    f"<b>{esc(item.title)}.</b> " if item.title else ""
                )
                out.append(Paragraph(lead + esc(item.text), base))
            elif isinstance(item, L):
                out.append(Paragraph(f"({item.letter})&nbsp;&nbsp;{esc(item.text)}", lettered))
            elif isinstance(item, P):
                out.append(Paragraph(esc(item.text), indented if item.indent else base))
            elif isinstance(item, T):
                data = [[Paragraph(esc(h), cell_head) for h in item.header]]
                data += [[Paragraph(esc(c), cell) for c in row] for row in item.rows]
                table = Table(data, colWidths=[60 * mm, 45 * mm, 45 * mm], hAlign="CENTER")
                table.setStyle(
                    TableStyle(
                        [
                            (
                                "GRID",
                                (0, 0),
                                (-1, -1),
                                0.75,
                                colors.black,
                            ),  # ruled: every cell boxed with lines
                            ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.9, 0.9, 0.9)),
                            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                            ("TOPPADDING", (0, 0), (-1, -1), 4),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                        ]
                    )
                )
                parts = [Spacer(1, 4), table]
                if item.caption:
                    parts.append(Paragraph(esc(item.caption), caption))
                out.append(KeepTogether(parts))
        return out

    flow = [Paragraph(esc(doc.title), title), Paragraph(esc(doc.subtitle), subtitle)]
    flow += render(doc.body)
    if doc.signatures:
        # signature blocks sit in an unruled layout table
        sig_rows = [[Paragraph(f"<b>For {esc(party)}</b>", cell) for party, _, _ in doc.signatures]]
        sig_rows.append(
            [Paragraph("Signature: ______________________", cell) for _ in doc.signatures]
        )
        sig_rows.append([Paragraph(f"Name: {esc(name)}", cell) for _, name, _ in doc.signatures])
        sig_rows.append([Paragraph(f"Title: {esc(t)}", cell) for _, _, t in doc.signatures])
        flow += [Spacer(1, 10), KeepTogether([Table(sig_rows, colWidths=[80 * mm, 80 * mm])])]
    flow += render(doc.schedules)

    def decorate(canvas, _doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(20 * mm, A4[1] - 12 * mm, doc.running_head)
        canvas.drawCentredString(A4[0] / 2, 10 * mm, f"Page {canvas.getPageNumber()}")
        canvas.restoreState()

    path.parent.mkdir(parents=True, exist_ok=True)
    pdf = SimpleDocTemplate(
        str(path),
        pagesize=A4,
        leftMargin=25 * mm,
        rightMargin=25 * mm,
        topMargin=22 * mm,
        bottomMargin=20 * mm,
        title=doc.title.title(),
        author="Veridict sample library",
        subject=doc.subtitle,
        creator="samples/build_samples.py",
    )
    pdf.build(flow, onFirstPage=decorate, onLaterPages=decorate)


# --- DOCX writer (python-docx) ------------------------------------------------------------


def write_docx(
    title: str, subtitle: str, items: list, signatures: list[tuple[str, str, str]], path: Path
) -> None:
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    d = docx.Document()
    style = d.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(10.5)
    d.add_heading(title, level=0)
    sub = d.add_paragraph(subtitle)
    sub.alignment = WD_ALIGN_PARAGRAPH.CENTER
    for item in items:
        if isinstance(item, H):
            d.add_heading(item.text, level=1)
        elif isinstance(item, C):
            p = d.add_paragraph()
            p.add_run(item.number + " ").bold = True
            if item.title:
                p.add_run(item.title + ". ").bold = True
            p.add_run(item.text)
        elif isinstance(item, L):
            d.add_paragraph(f"({item.letter}) {item.text}")
        elif isinstance(item, P):
            d.add_paragraph(item.text)
        elif isinstance(item, T):
            if item.caption:
                d.add_paragraph(item.caption, style="Caption")
            table = d.add_table(rows=1 + len(item.rows), cols=len(item.header))
            table.style = "Table Grid"
            for j, h in enumerate(item.header):
                table.rows[0].cells[j].text = h
                table.rows[0].cells[j].paragraphs[0].runs[0].bold = True
            for i, row in enumerate(item.rows, start=1):
                for j, c in enumerate(row):
                    table.rows[i].cells[j].text = c
    d.add_paragraph("Signed by the parties' authorised representatives:")
    for party, name, role in signatures:
        d.add_paragraph(f"For {party}: {name}, {role}")
    fixed = dt.datetime(2024, 1, 15, 9, 0, 0)
    cp = d.core_properties
    cp.author = "Veridict sample library"
    cp.title = title.title()
    cp.created = fixed
    cp.modified = fixed
    cp.last_modified_by = "samples/build_samples.py"
    cp.revision = 1
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save(str(path))
    _normalise_zip_times(path)


def _normalise_zip_times(path: Path) -> None:
    """Rewrite a zip with fixed member timestamps so rebuilds are byte-identical."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        members = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 15, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


# --- Markdown and HTML ----------------------------------------------------------------------

ACME_NDA_MD = """# MUTUAL NON-DISCLOSURE AGREEMENT

This Mutual Non-Disclosure Agreement (the "Agreement") is made on 10 September 2024 between **Acme Robotics Inc.**, a Delaware corporation with offices at 77 Harbor Way, Boston, MA 02110, USA ("Acme"), and **Northwind Analytics Ltd**, a company registered in England and Wales under number 08123456 ("Northwind"). Acme and Northwind are each a "Party".

| Key term | Value |
|---|---|
| Effective Date | 10 September 2024 |
| Term | 2 years from the Effective Date |
| Confidentiality period | 3 years after disclosure |
| Governing law | England and Wales |

## 1. Purpose

1.1 The Parties wish to exchange confidential information to evaluate a possible collaboration on warehouse robotics analytics (the "Purpose").

## 2. Confidential Information

2.1 "Confidential Information" means any information disclosed by a Party (the "Discloser") to the other Party (the "Recipient") that is marked confidential or would reasonably be understood to be confidential.

2.2 Confidential Information does not include information that:

- is or becomes public other than through the Recipient's breach;
- was lawfully known to the Recipient before disclosure; or
- is independently developed by the Recipient without use of the Discloser's information.

## 3. Obligations

3.1 The Recipient shall use Confidential Information only for the Purpose and shall not disclose it to any third party other than its employees and professional advisers who need to know it for the Purpose.

3.2 The Recipient shall protect Confidential Information with at least reasonable care and shall notify the Discloser promptly of any unauthorised disclosure.

## 4. Term

4.1 This Agreement starts on the Effective Date and continues for two (2) years. The obligations in clause 3 continue for three (3) years after each disclosure.

## 5. Return of Information

5.1 On the Discloser's written request the Recipient shall return or destroy all Confidential Information in its possession.

## 6. Governing Law and Jurisdiction

6.1 This Agreement is governed by the laws of England and Wales, and the courts of England and Wales have exclusive jurisdiction.

Signed: Maria Lopez, General Counsel, for Acme Robotics Inc.; Helen Carter, Chief Operating Officer, for Northwind Analytics Ltd.
"""

CONTOSO_RESELLER_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reseller Agreement - Contoso Ltd and Northwind Analytics Ltd</title>
</head>
<body>
<h1>RESELLER AGREEMENT</h1>
<p>This Reseller Agreement (the "Agreement") is entered into on 1 April 2023 (the "Effective Date") between <strong>Contoso Ltd</strong>, a Washington corporation with offices at 500 Pine Street, Seattle, WA 98101, USA ("Contoso"), and <strong>Northwind Analytics Ltd</strong>, a company registered in England and Wales ("Northwind" or the "Reseller").</p>
<h2>1. Appointment</h2>
<p>1.1 Contoso appoints Northwind as a non-exclusive reseller of the Contoso Insight analytics platform (the "Products") in the United Kingdom and Ireland (the "Territory").</p>
<p>1.2 Northwind shall not market the Products outside the Territory without Contoso's prior written consent.</p>
<h2>2. Prices and Discounts</h2>
<p>2.1 Northwind shall purchase subscriptions at Contoso's list price less the discount for its annual sales tier:</p>
<table>
<thead><tr><th>Annual sales tier</th><th>Discount</th></tr></thead>
<tbody>
<tr><td>Up to USD 250,000</td><td>20%</td></tr>
<tr><td>USD 250,001 to USD 1,000,000</td><td>25%</td></tr>
<tr><td>Above USD 1,000,000</td><td>30%</td></tr>
</tbody>
</table>
<p>2.2 Contoso shall invoice Northwind quarterly and Northwind shall pay within forty-five (45) days of the invoice date.</p>
<h2>3. Term and Termination</h2>
<p>3.1 This Agreement begins on the Effective Date and continues for an initial term of two (2) years. It then renews for successive one (1) year periods unless either party gives sixty (60) days' written notice of non-renewal.</p>
<p>3.2 Either party may terminate this Agreement immediately by notice if the other party becomes insolvent or commits a material breach not cured within thirty (30) days.</p>
<h2>4. Trademarks</h2>
<p>4.1 Northwind may use Contoso's trademarks solely to market the Products in the Territory and in accordance with Contoso's brand guidelines.</p>
<h2>5. Governing Law</h2>
<p>5.1 This Agreement is governed by the laws of the State of Washington, USA. The state and federal courts in King County, Washington have exclusive jurisdiction.</p>
<p>Signed for Contoso Ltd by Priya Raman, VP Channel Sales, and for Northwind Analytics Ltd by Helen Carter, Chief Operating Officer.</p>
</body>
</html>
"""


def build(out: Path = HERE) -> list[Path]:
    written = []
    v1 = out / "history" / "cloudsecure-vendor-agreement.pdf"
    write_pdf(vendor_agreement(1), v1)
    v2 = out / "library" / "cloudsecure-vendor-agreement.pdf"
    write_pdf(vendor_agreement(2), v2)
    msa = out / "library" / "northwind-msa.pdf"
    write_pdf(northwind_msa(), msa)
    dpa = out / "library" / "cloudsecure-dpa.docx"
    write_docx(
        "Data Processing Addendum",
        "to the Vendor Agreement dated 15 January 2024 between Northwind Analytics Ltd and CloudSecure GmbH",
        dpa_sections(),
        [
            ("Northwind Analytics Ltd", "Helen Carter", "Chief Operating Officer"),
            ("CloudSecure GmbH", "Markus Brandt", "Managing Director"),
        ],
        dpa,
    )
    nda = out / "library" / "acme-nda.md"
    nda.write_text(ACME_NDA_MD, encoding="utf-8")
    reseller = out / "library" / "contoso-reseller.html"
    reseller.write_text(CONTOSO_RESELLER_HTML, encoding="utf-8")
    written += [v1, v2, msa, dpa, nda, reseller]
    return written


if __name__ == "__main__":
    for p in build():
        print(p.relative_to(HERE.parent), p.stat().st_size, "bytes")
