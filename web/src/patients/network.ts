/** Organizations and persons loaded for the network picker fields; the network has a few hundred partners. */
export const NETWORK_PAGE = 500;
