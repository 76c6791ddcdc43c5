import { scrubSecrets } from '../../../../protocol/secrets';
import { UpstreamError, ValidationError } from '../../../errors';
import { createChatProvider } from '../../../providers/chat';
import type { ModelConfig } from '../../../providers/types';
import { sampleChunks, type GeneratedQuestion, type SourceChunk } from './generate';

/**
 * generate_data with an `llm`: a chat model writes one question and its answer per sampled chunk, as MindsDB's
 * evaluator asks its LLM (a JSON object with `query` and `reference_answer`).
 */

/** Answers that are not the JSON asked for, skipped before the run fails (MindsDB allows as many). */
const MAX_UNUSABLE_ANSWERS = 5;
/** Long chunks are cut: a question needs their gist, and it bounds the cost of each call. */
const MAX_TEXT_CHARS = 4000;

const SYSTEM_PROMPT = [
  'You write test questions for a search engine over a collection of texts.',
  'Given one text, write a question a user might type whose answer is in that text, and that answer.',
  'The question must carry enough detail to point at this text among many others (never "what does the',
  'document say" or a question about an id that many texts could share), and must make sense without the text.',
  'Answer with one JSON object and nothing else: {"query": "<the question>", "reference_answer": "<the answer>"}',
].join(' ');

/** The first JSON object in a model's answer, fences and chatter around it ignored; null when there is none. */
export function readQuestionJson(answer: string): { query: string; reference_answer: string } | null {
  const text = answer.replace(/```(?:json)?/gi, '');
  const start = text.indexOf('{');
  for (let end = text.lastIndexOf('}'); start !== -1 && end > start; end = text.lastIndexOf('}', end - 1)) {
    try {
      const parsed = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      const { query, reference_answer: answerText } = parsed;
      if (typeof query === 'string' && query.trim() && typeof answerText === 'string')
        return { query: query.trim(), reference_answer: answerText.trim() };
      return null;
    } catch {
      // a shorter span may be the object
    }
  }
  return null;
}

/** Who wrote the questions, written beside each. */
export const writtenBy = (llm: ModelConfig, model: string) => `llm: ${llm.provider}/${model}`;

export async function llmQuestions(
  chunks: readonly SourceChunk[],
  count: number,
  llm: ModelConfig,
): Promise<GeneratedQuestion[]> {
  const chat = createChatProvider(llm);
  const label = `The llm of EVALUATE (${llm.provider}/${chat.model})`;
  const out: GeneratedQuestion[] = [];
  let unusable = 0;
  for (const chunk of sampleChunks(chunks, count)) {
    let content: string;
    try {
      const turn = await chat.complete({
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Text:\n${chunk.content.slice(0, MAX_TEXT_CHARS)}` },
        ],
        tools: [],
      });
      content = turn.content;
    } catch (err) {
      const cause = scrubSecrets(err instanceof Error ? err.message : String(err), [llm.api_key]);
      throw new UpstreamError(`${label} could not write questions: ${cause}`, 'llm');
    }
    const qa = readQuestionJson(content);
    if (!qa) {
      if (++unusable > MAX_UNUSABLE_ANSWERS) throw unusableAnswers(label, unusable);
      continue;
    }
    out.push({
      text: chunk.content,
      question: qa.query,
      answer: qa.reference_answer,
      doc_id: chunk.id,
      generated_by: writtenBy(llm, chat.model),
    });
  }
  if (out.length === 0 && unusable > 0) throw unusableAnswers(label, unusable);
  return out;
}

function unusableAnswers(label: string, times: number): ValidationError {
  return new ValidationError(
    `${label} answered ${times} times without the JSON object {"query", "reference_answer"} it was asked for`,
    'llm',
  );
}
