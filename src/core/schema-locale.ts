/**
 * zod/mini carries no messages: without a locale its issues read "Invalid input", and the whole of zod,
 * when something loads it, sets English for every copy of zod in the process. A module whose schemas are
 * written with zod/mini imports this, so what its refusals say does not depend on what else was loaded.
 */
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());
