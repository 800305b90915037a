import { z } from 'zod';

// The site's content security policy forbids eval: zod must not try to compile its parsers.
z.config({ jitless: true });

export * from '@app/contract';
