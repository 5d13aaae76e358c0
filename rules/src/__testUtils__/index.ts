/** `@ecrf/rules/test-utils`: the kitchen-sink study, builders and personas shared by every tier's tests. */
export * from './builders.js';
export * from './kitchen-sink.js';
export * from './kitchen-sink-constraints.js';
export * from './personas.js';
