export type { RuleEvent, RuleActor, RuleComment, RuleContext, RoundRobin, EffectRecipient, Effect, ConditionTrace, RuleTrace } from "./context";
export {
  STATUS_CODES,
  PRIORITY_CODES,
  TYPE_ID_CODES,
  RULE_PLACEHOLDERS,
  type RulePlaceholder,
  decodeStatus,
  decodePriority,
  decodeTypeId,
  decodeScore,
  splitTags,
} from "./value-codes";
export {
  CHANGE_OPERATORS,
  ORDER_OPERATORS,
  HOURS_SOURCES,
  HOURS_SOURCE_FIELDS,
  CONDITION_CHANNELS,
  CONDITION_SOURCES,
  type HoursSource,
  type ConditionValue,
  type ConditionSourceSpec,
  type SourceScope,
  conditionSourceSpec,
  isHoursSource,
} from "./condition-table";
export { ACTION_SOURCES, type ActionValue, type ActionSourceSpec, actionSourceSpec } from "./action-table";
export {
  validateRule,
  assertValidRule,
  decodeRule,
  type ConditionInput,
  type ActionInput,
  type RuleDefinition,
  type DecodedCondition,
  type DecodedAction,
  type DecodedRule,
} from "./rule-validation";
export { hasNullifyingCondition } from "./nullifying";
export { HOUR_MS, hoursOf } from "./ticket-readers";
export { compileCondition, type Predicate } from "./compile-conditions";
export { compileAction, type ActionEnv, type ActionFn } from "./actions";
export {
  compileRule,
  compileRules,
  compareRuleOrder,
  matchingRules,
  type CompiledRule,
  type CompiledRuleSet,
  type CompileOptions,
} from "./compile-rules";
export { GUARD_KEYS, guardFacts, pickGuard, buildRuleIndex, indexAdmits, type RuleGuard, type RuleIndex, type GuardFacts } from "./rule-guards";
export { ALL_FIELDS, sourceReads, changedFields } from "./read-sets";
export { runTriggerCycle, type FiredRule, type TriggerCycleResult } from "./trigger-cycle";
export { SYSTEM_ACTOR, automationContext, evaluateAutomation, type AutomationResult } from "./automation";
export { automationCandidateFilter, type AutomationCandidateFilter } from "./candidate-filter";
export { renderTemplate, TEMPLATE_OUTPUT_LIMIT, type TemplateData, type TemplatePerson, type RenderOptions } from "./templates";
export { evaluateRules, type EvaluateRulesInput, type EvaluateRulesResult } from "./evaluate-rules";
export { decodeViewConditions, assertValidViewConditions, viewPredicate, type DecodedViewConditions, type ViewViewer } from "./view-conditions";
