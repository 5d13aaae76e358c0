export * from './validators/password.js';
