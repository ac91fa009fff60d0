/** An EVM address as the API accepts it: 0x and 40 hex digits (any letter case of the hex). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
