/**
 * The phone country codes the user and profile forms offer (spec 03 §3 reference data "feeding phone prefixes"):
 * each country's ISO 3166-1 alpha-2 code and its international dialling code. Names come from the browser's
 * Intl.DisplayNames in the user's language and flags from the ISO code, so the list holds only what no runtime knows.
 * Where countries share a code (+1, +7, +44 ...) the main one comes first: a stored code shows as that country.
 */
const table =
  'US1 CA1 AG1268 AI1264 AS1684 BB1246 BM1441 BS1242 DM1767 DO1809 GD1473 GU1671 JM1876 KN1869 KY1345 LC1758 ' +
  'MP1670 MS1664 PR1787 SX1721 TC1649 TT1868 VC1784 VG1284 VI1340 RU7 KZ7 EG20 ZA27 GR30 NL31 BE32 FR33 ES34 ' +
  'HU36 IT39 VA39 RO40 CH41 AT43 GB44 GG44 IM44 JE44 DK45 SE46 NO47 SJ47 PL48 DE49 PE51 MX52 CU53 AR54 BR55 ' +
  'CL56 CO57 VE58 MY60 AU61 CX61 CC61 ID62 PH63 NZ64 SG65 TH66 JP81 KR82 VN84 CN86 TR90 IN91 PK92 AF93 LK94 ' +
  'MM95 IR98 SS211 MA212 EH212 DZ213 TN216 LY218 GM220 SN221 MR222 ML223 GN224 CI225 BF226 NE227 TG228 BJ229 ' +
  'MU230 LR231 SL232 GH233 NG234 TD235 CF236 CM237 CV238 ST239 GQ240 GA241 CG242 CD243 AO244 GW245 IO246 SC248 ' +
  'SD249 RW250 ET251 SO252 DJ253 KE254 TZ255 UG256 BI257 MZ258 ZM260 MG261 RE262 YT262 ZW263 NA264 MW265 LS266 ' +
  'BW267 SZ268 KM269 SH290 ER291 AW297 FO298 GL299 GI350 PT351 LU352 IE353 IS354 AL355 MT356 CY357 FI358 AX358 ' +
  'BG359 LT370 LV371 EE372 MD373 AM374 BY375 AD376 MC377 SM378 UA380 RS381 ME382 XK383 HR385 SI386 BA387 MK389 ' +
  'CZ420 SK421 LI423 FK500 BZ501 GT502 SV503 HN504 NI505 CR506 PA507 PM508 HT509 BL590 GP590 MF590 BO591 GY592 ' +
  'EC593 GF594 PY595 MQ596 SR597 UY598 CW599 BQ599 TL670 NF672 AQ672 BN673 NR674 PG675 TO676 SB677 VU678 FJ679 ' +
  'PW680 WF681 CK682 NU683 WS685 KI686 NC687 TV688 PF689 TK690 FM691 MH692 KP850 HK852 MO853 KH855 LA856 BD880 ' +
  'TW886 MV960 LB961 JO962 SY963 IQ964 KW965 SA966 YE967 OM968 PS970 AE971 IL972 BH973 QA974 BT975 MN976 NP977 ' +
  'TJ992 TM993 AZ994 GE995 KG996 UZ998';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. 'IT'. */
  code: string;
  /** The stored form, e.g. '+39'. */
  dialCode: string;
}

export const phoneCountries: readonly PhoneCountry[] = table.split(' ').map((entry) => ({
  code: entry.slice(0, 2),
  dialCode: `+${entry.slice(2)}`,
}));

/** The dialling codes a user's phone may carry, each once. */
export const phoneDialCodes: ReadonlySet<string> = new Set(phoneCountries.map((country) => country.dialCode));

/** The flag emoji of an ISO country code: two regional indicator letters. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
