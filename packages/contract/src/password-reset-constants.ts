/** The site page a forgot-password e-mail links to, with `?token=`. */
export const PASSWORD_RESET_PAGE_PATH = '/reset-password';
/** A reset link is valid this long. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
/** A link's token: 256 random bits as base64url, no padding. */
export const PASSWORD_RESET_TOKEN_LENGTH = 43;
