export type {
  EvaluationRecord,
  EvaluationSummary,
  EvaluationVersion,
  Metrics,
  QuestionResult,
  SearchMode,
  SearchSettings,
} from '../../protocol/api/kb-evaluations';
