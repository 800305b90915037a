/** Height of the site header; the /game frame fills the page below it. */
export const HEADER_HEIGHT = 64;
