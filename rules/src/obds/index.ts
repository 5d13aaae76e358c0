/**
 * `@ecrf/rules/obds`: the oBDS message's schema (the one contract of gateway and backend) and its mapping onto the
 * instruments (docs/obds-import.md). A subpath of its own, so the web's bundle, which uses neither, does not carry
 * the schema library.
 */
export * from './obds-message.js';
export * from './obds-mapping.js';
