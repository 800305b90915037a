import { z } from 'zod';
import { languageCodes } from './language-codes.js';

export const languageCodeSchema = z.enum(languageCodes);
