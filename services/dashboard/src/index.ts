export * from './dashboard-service';
export { dashboardPages } from './dashboard-pages';
export { merchantOf, signedInOf } from './http/signed-in';
export { sendNotFound } from './http/responses';
export { csrfField, notice, renderPage, type Chrome } from './views/layout';
export { filterActions, scrollingTable, when } from './views/format';
