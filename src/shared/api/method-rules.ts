import type { MethodRule } from './rules';

/**
 * Which main-service methods get `lang`, `fromEmail` or `authSecret` added (spec 000 s5:
 * "fromEmail or authSecret for certain methods, lang for dictionary methods"). The spec does
 * not list them; each later issue adds its methods here when it adds them to main.yaml.
 */
export const mainMethodRules: Record<string, MethodRule> = {
  dictionaries: { lang: true },
};
