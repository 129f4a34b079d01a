import type { BillingContact, ContactDetails, TaskLocation } from '@/db/schema';

/** The demo city. Coordinates are close to the real places, so maps and routes look right. */
export const milanCentre = { lat: 45.4642, lng: 9.19 } as const;

export interface ClientSeed {
  displayName: string;
  defaultContact: ContactDetails;
  defaultTaskLocation: Required<TaskLocation>;
  billingContact: BillingContact;
}

type Place = [name: string, contactName: string, contactSurname: string, address: string, lat: number, lng: number];

const places: Place[] = [
  ['Trattoria Da Gino', 'Gino', 'Esposito', 'Via Torino 40, 20123 Milano MI', 45.4612, 9.1842],
  ['Ottica Buenos Aires', 'Laura', 'Galli', 'Corso Buenos Aires 33, 20124 Milano MI', 45.48, 9.2101],
  ['Emporio Sarpi', 'Wei', 'Chen', 'Via Paolo Sarpi 12, 20154 Milano MI', 45.4799, 9.1761],
  ['Condominio Viale Monza 120', 'Franco', 'Mariani', 'Viale Monza 120, 20127 Milano MI', 45.501, 9.2232],
  ['Studio Dentistico Porta Romana', 'Elena', 'Rinaldi', 'Corso di Porta Romana 87, 20122 Milano MI', 45.4531, 9.1989],
  ['Panificio Padova', 'Salvatore', 'Caruso', 'Via Padova 60, 20131 Milano MI', 45.4931, 9.2241],
  ['Boutique Vercelli', 'Chiara', 'Fontana', 'Corso Vercelli 18, 20145 Milano MI', 45.4664, 9.1622],
  ['Palestra Giambellino', 'Roberto', 'Moretti', 'Via Giambellino 45, 20146 Milano MI', 45.4496, 9.1458],
  ['Hotel Certosa', 'Paola', 'Barbieri', 'Viale Certosa 101, 20156 Milano MI', 45.4958, 9.1479],
  ['Farmacia Corso Lodi', 'Giorgio', 'Lombardi', 'Corso Lodi 64, 20139 Milano MI', 45.4441, 9.2128],
  ['Scuola Materna Lorenteggio', 'Anna', 'Martini', 'Via Lorenteggio 150, 20146 Milano MI', 45.4468, 9.1291],
  ['Caffè Sempione', 'Stefano', 'Leone', 'Corso Sempione 40, 20154 Milano MI', 45.4804, 9.1662],
  ['Residence Washington', 'Silvia', 'Gentile', 'Via Washington 25, 20146 Milano MI', 45.4641, 9.1531],
  ['Lavanderia Umbria', 'Paolo', 'Longo', 'Viale Umbria 58, 20135 Milano MI', 45.4529, 9.2192],
  ['Uffici Ripamonti 88', 'Marta', 'Vitale', 'Via Giuseppe Ripamonti 88, 20141 Milano MI', 45.4401, 9.2002],
  ['Libreria Garibaldi', 'Tommaso', 'Serra', 'Corso Garibaldi 75, 20121 Milano MI', 45.4779, 9.1841],
  ['Condominio Viale Zara 104', 'Lucia', 'Ferri', 'Viale Zara 104, 20159 Milano MI', 45.4981, 9.1929],
  ['Pizzeria Imbonati', 'Antonio', 'De Luca', 'Via Carlo Imbonati 33, 20159 Milano MI', 45.4992, 9.1801],
  ['Supermercato Missaglia', 'Giovanni', 'Pellegrini', 'Via dei Missaglia 52, 20142 Milano MI', 45.4201, 9.1882],
  ['Centro Medico Famagosta', 'Sara', 'Marchetti', 'Viale Famagosta 12, 20142 Milano MI', 45.4359, 9.1691],
  ['Officina Novara', 'Luigi', 'Conte', 'Via Novara 200, 20153 Milano MI', 45.4742, 9.1102],
  ['Magazzino Mecenate', 'Valentina', 'Benedetti', 'Via Mecenate 76, 20138 Milano MI', 45.4489, 9.2441],
  ['Gelateria Lombardia', 'Daniele', 'Sartori', 'Viale Lombardia 35, 20131 Milano MI', 45.4851, 9.2229],
  ['Showroom Tortona', 'Federica', 'Villa', 'Via Tortona 27, 20144 Milano MI', 45.4531, 9.1638],
  ['Bar XXII Marzo', 'Massimo', 'Farina', 'Corso XXII Marzo 21, 20129 Milano MI', 45.4629, 9.2151],
  ['Albergo Loreto', 'Cristina', 'Testa', 'Piazzale Loreto 1, 20131 Milano MI', 45.4859, 9.2162],
  ['Studio Legale Solari', 'Alberto', 'Riva', 'Via Andrea Solari 40, 20144 Milano MI', 45.4569, 9.1601],
  ['Asilo Nido Mac Mahon', 'Giulia', 'Cattaneo', 'Via Mac Mahon 85, 20155 Milano MI', 45.4921, 9.1671],
  ['Concessionaria Fulvio Testi', 'Nicola', 'Orlando', 'Viale Fulvio Testi 120, 20126 Milano MI', 45.5149, 9.2039],
  ['Residenza Forze Armate', 'Beatrice', 'Parisi', 'Via delle Forze Armate 260, 20152 Milano MI', 45.4561, 9.1119],
];

function phoneFor(index: number): string {
  return `3${String(20 + (index % 70)).padStart(2, '0')} ${String(1_000_000 + index * 7_919).slice(-7)}`;
}

export const demoClients: ClientSeed[] = places.map(([displayName, name, surname, address, latitude, longitude], index) => {
  const phone = phoneFor(index);
  const mailbox = displayName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '');
  return {
    displayName,
    defaultContact: { name, surname, phoneCountryCode: '+39', phone },
    defaultTaskLocation: { address, latitude, longitude },
    billingContact: {
      name,
      surname,
      phoneCountryCode: '+39',
      phone,
      email: `amministrazione@${mailbox}.example`,
      address,
    },
  };
});

export interface ZoneSeed {
  name: string;
  color: string;
  points: Array<{ lat: number; lng: number }>;
}

/** Four districts that together cover the city; polygons are listed clockwise from the north-west corner. */
export const demoZones: ZoneSeed[] = [
  {
    name: 'Milano Centro',
    color: '#3db389',
    points: [
      { lat: 45.478, lng: 9.165 },
      { lat: 45.478, lng: 9.212 },
      { lat: 45.452, lng: 9.212 },
      { lat: 45.452, lng: 9.165 },
    ],
  },
  {
    name: 'Milano Nord',
    color: '#2f80ed',
    points: [
      { lat: 45.525, lng: 9.13 },
      { lat: 45.525, lng: 9.245 },
      { lat: 45.478, lng: 9.245 },
      { lat: 45.478, lng: 9.13 },
    ],
  },
  {
    name: 'Milano Est',
    color: '#f2994a',
    points: [
      { lat: 45.478, lng: 9.212 },
      { lat: 45.478, lng: 9.27 },
      { lat: 45.425, lng: 9.27 },
      { lat: 45.425, lng: 9.212 },
    ],
  },
  {
    name: 'Milano Sud-Ovest',
    color: '#9b51e0',
    points: [
      { lat: 45.478, lng: 9.095 },
      { lat: 45.478, lng: 9.165 },
      { lat: 45.452, lng: 9.165 },
      { lat: 45.452, lng: 9.212 },
      { lat: 45.41, lng: 9.212 },
      { lat: 45.41, lng: 9.095 },
    ],
  },
];
