// Profile text limits (DOMAIN §2.1), shared by the profile form, the server's rules and the wire schemas.
export const OCCUPATION_MAX_LENGTH = 20;
export const INTRO_MAX_LENGTH = 200;
