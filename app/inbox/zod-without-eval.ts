/**
 * The inbox's CSP allows no eval, and zod's fast path compiles its checkers
 * with new Function, deciding so when a schema is made: it is told not to
 * try before any module makes one (main.tsx imports this first).
 */
import { config } from 'zod';

config({ jitless: true });
