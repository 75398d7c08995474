export { createPlatformaticClient } from './platformatic-client';
