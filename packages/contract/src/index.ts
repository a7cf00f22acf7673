export * from './api.js';
export * from './auth.js';
export * from './constants.js';
export * from './fields.js';
export * from './format.js';
export * from './messages.js';
export * from './routing.js';
export * from './label-purchase.js';
