export * from './status.js';
export * from './split.js';
export * from './corrections.js';
export * from './events.js';
export * from './invoices.js';
export * from './commands.js';
export * from './orders.js';
export * from './paymentReference.js';
