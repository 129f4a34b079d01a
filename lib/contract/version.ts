/** The product version shown to users (spec 03 §1). */
export const productVersion = '1.1.1562';
