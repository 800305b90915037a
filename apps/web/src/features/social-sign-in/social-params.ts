/** Query parameters the server's social sign-in callback lands on the site with. */
export const SOCIAL_LOGIN_PARAM = 'socialLogin';
export const SOCIAL_ERROR_PARAM = 'socialError';
