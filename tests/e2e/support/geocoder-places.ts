/** What the geocoder stand-in answers, shared with the tests that read the same places back from the form. */
export const geocoderQueries = {
  /** Two places in Milan, inside the demo zone Milano Centro. */
  milan: 'via dante 7 milano',
  /** One place in Rome, outside every demo zone. */
  rome: 'piazza del colosseo roma',
  /** Answers nothing. */
  nowhere: 'nowhere street 0',
  /** Answers after 6 seconds, past the app's 2-second timeout. */
  slow: 'slow street 1',
  /** Answers HTTP 500. */
  failing: 'broken street 1',
} as const;

export interface NominatimPlace {
  place_id: number;
  display_name: string;
  /** Nominatim sends coordinates as text. */
  lat: string;
  lon: string;
}

export const geocoderPlaces: Record<string, NominatimPlace[]> = {
  [geocoderQueries.milan]: [
    { place_id: 1, display_name: 'Via Dante 7, 20123 Milano MI, Italia', lat: '45.4660123', lon: '9.1859876' },
    { place_id: 2, display_name: 'Via Dante 7, 20021 Bollate MI, Italia', lat: '45.5460000', lon: '9.1190000' },
  ],
  [geocoderQueries.rome]: [{ place_id: 3, display_name: 'Piazza del Colosseo 1, 00184 Roma RM, Italia', lat: '41.8902102', lon: '12.4922309' }],
  [geocoderQueries.nowhere]: [],
  [geocoderQueries.slow]: [{ place_id: 4, display_name: 'Slow Street 1, Nowhere', lat: '45.0', lon: '9.0' }],
};
