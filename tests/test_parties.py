"""Party extraction from contract openings (ingest/parties.py) on hand-written preambles, and the
CUAD Parties gold reading of bench/fact_agreement.py."""

from __future__ import annotations

from bench.fact_agreement import gold_parties
from ingest.parties import find_party_definitions


def parties(text: str) -> dict[str, tuple[str, list[str]]]:
    """name -> (role, defined short names)."""
    return {p.name: (p.role, p.short_names) for p in find_party_definitions(text, 0, len(text))}


def test_preamble_names_with_aliases_and_roles():
    got = parties(
        'This License Agreement is made between Acme Widgets, Inc., a Delaware corporation '
        '("Acme" or "Licensor"), and Beta Labs LLC, a California limited liability company '
        '(the "Licensee").\n\nWHEREAS Acme owns patents.'
    )
    assert got == {
        "Acme Widgets, Inc.": ("licensor", ["Acme", "Licensor"]),
        "Beta Labs LLC": ("licensee", ["Licensee"]),
    }


def test_by_and_among_three_parties():
    got = parties(
        "This Agreement is entered into by and among Gamma Holdings Corp., a Nevada corporation "
        '("Gamma"), Delta Partners, L.P., a Delaware limited partnership ("Delta"), and '
        'Epsilon Bank, N.A. (the "Agent").'
    )
    assert set(got) == {"Gamma Holdings Corp.", "Delta Partners, L.P.", "Epsilon Bank, N.A."}
    assert got["Epsilon Bank, N.A."][0] == "agent"


def test_numbered_parties_joined_by_and_line():
    got = parties(
        "This AGREEMENT is made the 20 March day of 1998\n\n      BETWEEN\n"
        '      1. Heal Data Corp., a Delaware corporation ("Heal"), having an address at '
        "380 Pleasant Street, Malden, Massachusetts, 02148, USA\n      AND\n"
        '      2. Blackfield Science Limited a company registered in England ("Blackfield"), '
        'and Munk A/S, a company registered in Denmark ("Munk"), having an address at '
        "35 Norre Sogade, Copenhagen DK-1016, Denmark (together, Blackfield and Munk shall be "
        'referred to as "the Publishers")\n'
    )
    # no "USA AND 2. Blackfield ..." and no party made of the group name or an address
    assert set(got) == {"Heal Data Corp.", "Blackfield Science Limited", "Munk A/S"}


def test_numbered_party_blocks_on_separate_lines():
    got = parties(
        "Distributorship agreement\n\nTHIS AGREEMENT is dated\nParties\n"
        "(1) Sigma Orthopaedics Pty Ltd (ACN 106 702 416) , 7 Sirius Road, Lane Cove, NSW\n"
        "(2) Kappa Medical Consultants, LLC of 1565 Central Expressway, Dallas, TX 75080.\n"
    )
    assert set(got) == {"Sigma Orthopaedics Pty Ltd", "Kappa Medical Consultants, LLC"}


def test_title_block_lines_with_date_in_a_column():
    got = parties(
        "COLLABORATION AGREEMENT\n\nBY AND BETWEEN\n\nORION PHARMA INC.\n\nAND\n\n"
        "NOVA GEN, INC.      June 1, 2005\n\n"
    )
    assert set(got) == {"ORION PHARMA INC.", "NOVA GEN, INC."}


def test_party_after_and_without_its_own_definition():
    got = parties(
        'This Agreement is effective 7/1/98 ("Effective Date") between Tri Path Technology, Inc. '
        '("Tri Path"), and\nUnique West Corporation 780 Montague Expressway Suite 406 '
        "San Jose, CA 95131\nTri Path and Distributor intend to establish a distribution."
    )
    assert set(got) == {"Tri Path Technology, Inc.", "Unique West Corporation"}


def test_role_phrase_is_stripped_from_the_name_and_kept_as_role():
    got = parties(
        "This Completion Agreement is made by and between Prime Offshore Drilling LLC as Borrower "
        "and Guaranty Savings Bank as Agent and Lender, dated June 29, 2006.\n"
    )
    assert got == {
        "Prime Offshore Drilling LLC": ("borrower", []),
        "Guaranty Savings Bank": ("agent", []),
    }


def test_signatory_is_not_a_party():
    got = parties(
        "This Outsourcing Agreement is effective as from the 1st day of January, 2009, "
        "by and between:\nSilica Smelters Pty Ltd, registration nr 1998/019036/07, represented "
        "by Benoit Emile Ollivier, Managing Director, acting pursuant to the powers granted to "
        'him by the Board (hereinafter referred to as "the Customer"),\nAND\n'
        "ESPACIO SERVICES, SA., a public limited company with place of business in Madrid, "
        'and represented by Mr. Carlos Lafitte as Chief Executive (hereinafter referred to as "EIT").'
    )
    assert not any("Ollivier" in n or "Lafitte" in n for n in got)
    assert "ESPACIO SERVICES, SA." in got


def test_person_signing_for_a_company_gives_the_company():
    got = parties(
        'This Agreement is made between Natalia Tunev, director of FreeCook ("FreeCook"), and '
        "Mitchell Vital, director of Mitchell's Web Advance, PLC (\"MWA\")."
    )
    assert set(got) == {"FreeCook", "Mitchell's Web Advance, PLC"}


def test_individual_named_in_the_preamble_is_a_party():
    got = parties(
        'This ENDORSEMENT AGREEMENT (the "Agreement") is made this 1st day of November, 2003 by '
        'and between Bruce Jenkins, Individual ("CELEBRITY"), with his offices located in '
        "California; and The Right Solution, a Nevada Corporation (the COMPANY), with its offices "
        "located at 3035 East Patrick Lane, Las Vegas."
    )
    assert set(got) == {"Bruce Jenkins", "The Right Solution"}


def test_terms_defined_after_the_preamble_are_not_parties():
    got = parties(
        'El Banco Finance Corporation, a Georgia corporation (the "Company"), proposes to engage '
        'the sales agent (the "Agent") to assist the Company. 1. The Offering. The Company has '
        "filed with the Securities and Exchange Commission (the \"Commission\") a registration "
        "statement.\n"
    )
    assert set(got) == {"El Banco Finance Corporation"}


def test_inline_party_labels():
    got = parties(
        "Collaboration Agreement This Agreement is made and entered into by and between the "
        "following parties in Beijing. Party A: Didi Travel Technology Co., Ltd. Legal "
        "Representative: Ting Chen Party B: Hunan Leasing Co., Ltd Legal Representative: "
        'Xiang Li Party A and Party B shall be individually referred to as a "Party".'
    )
    assert got == {
        "Didi Travel Technology Co., Ltd.": ("party a", ["Party A"]),
        "Hunan Leasing Co., Ltd": ("party b", ["Party B"]),
    }


def test_entity_described_as_a_trust_with_a_thing_like_short_name():
    got = parties(
        'This Agreement ("Agreement") is made as of May 1, 2020 by and between ARCA U.S. TREASURY '
        'FUND, a Delaware statutory trust (the "Fund"), and ARCA CAPITAL MANAGEMENT, LLC, a '
        'Delaware limited liability company (the "Administrator").'
    )
    assert set(got) == {"ARCA U.S. TREASURY FUND", "ARCA CAPITAL MANAGEMENT, LLC"}
    # a thing named "Fund" without an entity description is not a party
    assert "Marketing" not in " ".join(
        parties('Each franchisee pays into the Marketing Fund (the "Fund") monthly.')
    )


def test_short_names_in_a_between_clause_are_not_parties():
    assert parties('"Agreement" means this agreement made between SEV and DCL.\n') == {}


def test_single_quoted_definition():
    got = parties(
        "This Joint Venture Agreement is made BETWEEN IMPCO Tech Inc., a company incorporated "
        "under the laws of Delaware (hereinafter referred to as 'IMPCO', which terms shall "
        "include its successors),   AND   MINDA PARTS LIMITED, a company incorporated under the "
        "Companies Act (hereinafter referred to as 'MIL', which terms shall include its assigns)."
    )
    assert set(got) == {"IMPCO Tech Inc.", "MINDA PARTS LIMITED"}
    assert got["IMPCO Tech Inc."][1] == ["IMPCO"]


def test_dash_bracketed_definitions_with_em_dashes_or_hyphens():
    for dash in ("\u2014", "-"):
        text = (f"SUPPLY AGREEMENT\n\nbetween\n\nNORDOLEO GmbH & Co KG, Hafenstrasse 3, 20095 Hamburg,\n\nGermany\n\n"
                f"{dash} hereinafter referred to as Nordoleo {dash}\n\nand\n\nBrightgen Pharmaceutical Inc, 60 Court "
                f"Street, Novato, California 94949\n\n{dash} hereinafter referred to as Brightgen {dash}\n\n"
                "Preamble\n\nWhereas, Nordoleo is a producer of oleo chemical products;")
        got = parties(text)
        assert set(got) == {"NORDOLEO GmbH & Co KG", "Brightgen Pharmaceutical Inc"}, (dash, got)
        assert got["Brightgen Pharmaceutical Inc"][1] == ["Brightgen"]


# ----------------------------------------------------------------------------- the bench's gold


def test_gold_parties_lower_case_brand_names():
    assert gold_parties('iPayment, Inc. ("ISO"); Wells Fargo Bank, N.A. ("Bank")') == [
        "iPayment, Inc",
        "Wells Fargo Bank, N.A",
    ]
    assert gold_parties('theglobe.com, inc. ("theglobe"); The Boxlot Company ("Boxlot")') == [
        "theglobe.com, inc",
        "The Boxlot Company",
    ]
    # a lower-case role piece is still not a party
    assert gold_parties("Acme Corp.; the seller; sales agent") == ["Acme Corp"]


def test_gold_parties_leading_parenthesis_and_collective_sentences():
    assert gold_parties(
        '(Greater Valley Holdings ("PA MHC"); Alliance Bancorp, Inc. ("Company"))'
    ) == ["Greater Valley Holdings", "Alliance Bancorp, Inc"]
    assert gold_parties(
        'TENNESSEE PIPELINE COMPANY ("Transporter"); LOUISVILLE ELECTRIC COMPANY ("Shipper"); '
        'Transporter and Shipper shall collectively be referred to herein as the "Parties".'
    ) == ["TENNESSEE PIPELINE COMPANY", "LOUISVILLE ELECTRIC COMPANY"]


def test_gold_parties_list_of_other_pieces_is_dropped():
    assert gold_parties(
        "Aizu Semi Limited; Fuji Semi Limited; Transform, Inc.; Aizu Semi Limited, Fuji Semi "
        'Limited, Transform, Inc. (collectively referred to as the "Parties")'
    ) == ["Aizu Semi Limited", "Fuji Semi Limited", "Transform, Inc"]


def test_a_title_line_naming_both_parties_does_not_join_the_next_paragraph():
    """The sample DPA's opening: a subtitle "... between X and Y", a blank line, then "This Data Processing
    Addendum (the "Addendum") ... between X ("X") and Y ("Y")". Before, the subtitle's two names and the
    next paragraph's first words made one party, and "Addendum" its short name."""
    got = parties(
        "Data Processing Addendum\n\nto the Vendor Agreement dated 15 January 2024 between Northwind Analytics "
        'Ltd and CloudSecure GmbH\n\nThis Data Processing Addendum (the "Addendum") forms part of the Vendor '
        'Agreement dated 15 January 2024 (the "Agreement") between Northwind Analytics Ltd ("Northwind", the '
        'controller) and CloudSecure GmbH ("CloudSecure", the processor). It applies from 15 January 2024.'
    )
    assert set(got) == {"Northwind Analytics Ltd", "CloudSecure GmbH"}, got
    assert not any("Addendum" in short for _, short in got.values()), got


def test_a_name_and_its_title_or_a_title_alone_is_not_a_party():
    got = parties(
        'This Agreement is made between Benoit Emile Ollivier, Managing Director ("the Customer") and ESPACIO '
        'SERVICES, SA., a public limited company ("EIT").'
    )
    assert not any("Ollivier" in n or n == "Managing Director" for n in got)


def test_an_address_run_on_after_a_name_is_cut_off():
    got = parties(
        'This Agreement is made between LEO PHARMA A/S of Industriparken 55, DK-2750 Ballerup, Denmark ("LEO") and '
        'Dolphin Industries Limited Room 1302 Golden Gate Commercial Bldg, Hong Kong ("Dolphin").'
    )
    assert "LEO PHARMA A/S" in got and "Dolphin Industries Limited" in got


def test_a_brand_written_in_lower_case_with_a_legal_form_is_a_party():
    got = parties(
        'This Sponsorship Agreement is entered into as of March 3, 2021 by and between orbitly.io, inc., a '
        'Delaware corporation, located at 12 Harbor Road ("orbitly.io"), and Calder Foods, Inc., a New Jersey '
        'corporation ("Sponsor").'
    )
    assert set(got) == {"orbitly.io, inc.", "Calder Foods, Inc."}
    assert got["Calder Foods, Inc."][0] == "sponsor"


def test_lower_case_words_without_a_legal_form_are_not_a_party():
    got = parties(
        'This Agreement is made by and between the supplier named in the order, a Delaware corporation '
        '("Supplier"), and Calder Foods, Inc., a New Jersey corporation ("Buyer").'
    )
    assert "the supplier named in the order" not in got


def test_a_party_read_without_its_legal_form_gets_the_one_full_name_the_opening_gives():
    from ingest.parties import full_name

    text = ("HOSTING AGREEMENT\n\nBETWEEN\n\nT-MOBILE NETHERLANDS B.V.\n\n&\n\nElephant Talk Communication Holding AG"
            "\n\nHosting Agreement between ELEPHANT TALK and T-Mobile, 18/9/2008\n")
    assert full_name(text, "ELEPHANT TALK", len(text))[0] == "Elephant Talk Communication Holding AG"
    assert full_name(text, "T-Mobile", len(text))[0] == "T-MOBILE NETHERLANDS B.V."
    # a name that already carries a legal form, a name the text never completes, two different completions,
    # "AND" joining two names and a descriptor ("A Texas Corporation") are left alone
    assert full_name(text, "Elephant Talk Communication Holding AG", len(text)) is None
    assert full_name(text, "Centrack International", len(text)) is None
    two = "Bunker One (USA) Inc. and Bunker One Holdings Ltd. agree"
    assert full_name(two, "Bunker One", len(two)) is None
    joined = "ARCA U.S. TREASURY FUND AND ARCA CAPITAL MANAGEMENT, LLC"
    assert full_name(joined, "ARCA U.S. TREASURY FUND", len(joined)) is None
    described = "USA Managed Care Organization (USA MCO) A Texas Corporation"
    assert full_name(described, "USA Managed Care Organization", len(described)) is None


def test_a_one_word_name_after_the_title_is_the_party_not_a_town_of_its_address():
    got = parties(
        "SUPPLY AGREEMENT   Wexford, an Ohio corporation having its place of business at 12 Main Street, Dayton, "
        'OH 45402 (the "Supplier"), and Norland Tools Ltd., a Delaware corporation (the "Buyer"), agree as follows:'
    )
    assert list(got) == ["Wexford", "Norland Tools Ltd."]
    assert got["Wexford"][0] == "supplier"


def test_name_then_of_and_an_address_before_the_definition():
    """"NORTHWIND TRADERS LIMITED of 12 Harbour Road, ... (hereinafter referred to as ...)": the address after "of"
    is not part of the name, whether the street was cut off first or a house number follows the street."""
    got = parties(
        "DEVELOPMENT AGREEMENT\nbetween\nNORTHWIND TRADERS LIMITED of 12 Harbour Road, Cork, Co. Cork, Ireland "
        '(hereinafter referred to as "NORTHWIND")\nand\nBLUEFIN ANALYTICS A/S of Havnegade 4, DK-1058 Copenhagen, '
        'Denmark (hereinafter referred to as "BLUEFIN").\nThe parties agree as follows.'
    )
    assert set(got) == {"NORTHWIND TRADERS LIMITED", "BLUEFIN ANALYTICS A/S"}
    # "of" inside a name without a legal form before it stays
    assert "Bank of Lorien 2 Holdings" in " ".join(parties(
        'This Agreement is made between Bank of Lorien 2 Holdings ("Lender") and Mira Ostrova ("Borrower").'))


def test_party_names_in_layouts_outside_the_studied_contracts():
    """Written for invented openings: a description after a comma, a word of the name in brackets, an honorific, a
    person's address after "of", a hyphenated lower-case brand."""
    got = parties(
        "SHAREHOLDERS' AGREEMENT\n\nAMONG:\n\n(1) LIONROCK MARITIME HOLDINGS PTE. LTD. (UEN 201734829K), a company "
        'incorporated in Singapore ("Lionrock");\n\n(2) PEARL DELTA SHIPPING (HK) LIMITED (Company No. 2387114), a '
        'company incorporated in Hong Kong ("Pearl Delta"); and\n\n(3) Dr. Mirela Ostrovska, an individual residing '
        'in Vienna ("Ostrovska").\n\n1. Shares.'
    )
    assert set(got) == {"LIONROCK MARITIME HOLDINGS PTE. LTD.", "PEARL DELTA SHIPPING (HK) LIMITED",
                        "Mirela Ostrovska"}
    got = parties(
        'This Agreement is made between Drumcondra Credit Union Limited, a credit union ("Lender"), and Chidinma '
        'Eze-Nwosu of 7B Admiralty Way, Lagos ("Borrower").'
    )
    assert set(got) == {"Drumcondra Credit Union Limited", "Chidinma Eze-Nwosu"}
    got = parties(
        'This Agreement is made between lumenary.ai LLC, a Delaware limited liability company ("Seller"), and '
        "greenleaf-market.co Ltd, a company registered in England and Wales under number 13390412 (\"Buyer\")."
    )
    assert set(got) == {"lumenary.ai LLC", "greenleaf-market.co Ltd"}
    # a bracketed short name is still a definition, not part of the name
    assert set(parties('This Agreement is made between Acme Widgets (UK) Ltd ("Acme") and Beta Labs (BL) '
                       '("Beta").')) >= {"Acme Widgets (UK) Ltd"}


def test_particles_bracketed_forms_and_registration_numbers():
    got = parties(
        'This Agreement is made between Van den Berg Tuinbouw B.V., a private company ("Supplier"), and M/s. '
        'Annapurna Foods Private Limited, a company incorporated under the Companies Act, 2013 ("Buyer").'
    )
    assert set(got) == {"Van den Berg Tuinbouw B.V.", "Annapurna Foods Private Limited"}
    got = parties(
        "PARTIES\n\n(1) KGOSI MINING SERVICES (RF) (PTY) LTD, a company incorporated in South Africa (\"Kgosi\");\n\n"
        '(2) LINDQVIST BANK AB (PUBL), a company incorporated in Sweden ("Lender"); and\n\n'
        '(3) Southern Cross Hospitality Group Pty Ltd ACN 987 654 321 of Level 3, 10 Bridge St, Sydney ("Tenant").\n'
    )
    assert set(got) == {"KGOSI MINING SERVICES (RF) (PTY) LTD", "LINDQVIST BANK AB (PUBL)",
                        "Southern Cross Hospitality Group Pty Ltd"}


def test_a_bracketed_short_name_before_a_description_is_a_definition():
    """"USA Managed Care Organization (USA MCO) A Texas Corporation": the capitalised article opens a description,
    so the brackets are the short name, not a word of a name that runs on to a legal form."""
    got = parties('This Agreement is made between IMedicor, Inc., a Nevada corporation ("iMedicor"), and USA Managed '
                  "Care Organization (USA MCO) A Texas Corporation.")
    assert "USA Managed Care Organization" in got
    assert not any("Texas" in name for name in got)


def test_recital_lead_numbered_company_and_article_heading():
    got = parties('RECITALS\nWHEREAS, Granite Peak Energy Partners, L.P., a Delaware limited partnership ("Granite"), '
                  'and Bayou Midstream Operating Company, LLC, a Texas limited liability company ("Bayou"), wish to '
                  "agree.")
    assert "Granite Peak Energy Partners, L.P." in got
    assert not any(name.upper().startswith(("RECITALS", "WHEREAS")) for name in got)
    got = parties('This Agreement is made between 9876543 CANADA INC., a corporation ("Holdco"), and Gestion Beaulac '
                  'Inc., a corporation ("Beaulac").')
    assert "9876543 CANADA INC." in got
    # a list item is not a name, even where its word reads as a legal form ("AS")
    from ingest.parties import looks_like_name

    assert not looks_like_name("1. As")
    assert not looks_like_name("Party A and Party B. Article 2")


def test_words_that_are_no_party_name():
    """A letter's date line, a legal form alone, a redaction note's words and a role word are not read as names
    (train-half CUAD openings gave "May 25", "S.À R.L.", "NOT MATERIAL AND" and "Reseller" as parties)."""
    from ingest.parties import looks_like_name, only_a_word_for_a_party
    from veridict.domain.names import fold_name

    for word in ("May 25", "Sept. 3rd", "S.À R.L.", "Reseller"):
        assert only_a_word_for_a_party(word) and not looks_like_name(word), word
    assert not looks_like_name("NOT MATERIAL AND")
    for name in ("May Department Stores Company", "VESA EQUITY INVESTMENT S.À R.L.", "Reseller Partners LLC"):
        assert not only_a_word_for_a_party(name) and looks_like_name(name), name
    assert fold_name("VESA EQUITY INVESTMENT S.À R.L.") == fold_name("Vesa Equity Investment S.a r.l.") == \
        "vesa equity investment"


def test_hereinafter_before_a_short_name_is_no_part_of_the_name():
    # "NeoMedia Micro Paint Repair hereinafter referred to as ("DISTRIBUTOR")": the words before the bracket
    # define the short name, they are not the party's name
    got = parties(
        'DISTRIBUTOR AGREEMENT\n\nBetween\n\nPPG Paints Trading (Shanghai) Co Ltd hereinafter referred to as '
        '("PPG Shanghai")\n\nAddress: 88 Road, Shanghai\n\nAnd\n\nNeoMedia Micro Paint Repair hereinafter referred '
        'to as ("DISTRIBUTOR")\n\nAddress: 2201 Second Street'
    )
    assert "NeoMedia Micro Paint Repair" in got, got
    assert not any("hereinafter" in name for name in got), got


def test_a_labelled_party_without_a_legal_form_ends_where_the_next_label_begins():
    # "Party A: People's Government of Fenyi County Party B: ...": a public body has no legal form to end its name
    got = parties(
        "Cooperation Agreement on a Solar Power Project   Party A: People's Government of Linqiao County Party B: "
        "Xinwei New Energy Co., Ltd.   Party A welcomes and supports Party B to invest in the project."
    )
    assert list(got)[:2] == ["People's Government of Linqiao County", "Xinwei New Energy Co., Ltd."], got


def test_the_role_word_with_its_article_is_no_name():
    from ingest.parties import looks_like_name, only_a_word_for_a_party

    for word in ("The franchisee", "the Licensee"):
        assert only_a_word_for_a_party(word) and not looks_like_name(word), word


def test_gold_parties_keep_names_that_open_in_lower_case():
    assert gold_parties('Centrack International Inc. ("Customer"); i-on interactive Inc. ("i-on")') == [
        "Centrack International Inc",
        "i-on interactive Inc",
    ]


def test_words_of_a_sentence_or_another_names_end_are_no_name():
    from ingest.parties import looks_like_name

    for bad in ("Papua New Guinea Bureau of Statistics each quarter in the Statistical Bulletin",
                "Japan and its subsidiary SMBC Nikko Securities Inc.", "LTD or SHENZHEN LEHEYUAN TRADING CO, LTD"):
        assert not looks_like_name(bad), bad
    for good in ("Jaguar Investments, Inc. and its affiliates", "Bank of New York Mellon", "Bodegas de la Fuente S.A.",
                 "MARSHALL & ILSLEY CORPORATION acting through its division M&I DATA SERVICES"):
        assert looks_like_name(good), good


def test_a_second_party_in_lower_case_ends_the_between_sentence():
    got = parties("This is a managed hosting agreement between AstroNutrition.com and deep systems.  The term is 12 "
                  "months.")
    assert list(got) == ["AstroNutrition.com", "deep systems"], got
    for tail in ("its affiliates", "licensee"):
        got = parties(f"This is an agreement between Acme Corp. and {tail}. The term is 12 months.")
        assert list(got) == ["Acme Corp."], got


def test_gold_parties_keep_a_whole_name_in_lower_case_but_not_words_about_parties():
    assert gold_parties("AstroNutrition.com; deep systems") == ["AstroNutrition.com", "deep systems"]
    assert gold_parties('Acme Corp. ("Company"); the seller; sales agent; collectively referred to as "Parties"') == [
        "Acme Corp"
    ]
