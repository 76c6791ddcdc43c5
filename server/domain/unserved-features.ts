import type { UnservedFeature } from '../dialect/ast';

/**
 * Why each of MindsDB's features is not offered here, and what serves instead: the one message its
 * statements are answered with.
 */
const WHY: Record<UnservedFeature, string> = {
  model:
    'Models are not offered here: this server trains and serves no ML models (CREATE MODEL, RETRAIN, FINETUNE, DESCRIBE MODEL). It answers with knowledge bases and agents, which use a local model or a provider of your choice',
  ml_engine:
    'ML engines are not offered here: no ML engine runs in this server. Knowledge bases and agents name their model themselves (embedding_model, reranking_model, model)',
  chatbot:
    'Chatbots are not offered here: this server connects to no chat application. Ask an agent instead (SELECT answer FROM agent WHERE question = ..., or the agents API)',
  skill:
    'Skills are not offered here: an agent reads the knowledge bases and tables named in its own parameters (include_knowledge_bases, include_tables)',
  trigger:
    'Triggers are not offered here: this server watches no table for changes. A job can run statements on a schedule instead (CREATE JOB)',
  dataset:
    "Datasets are not offered here: MindsDB's datasets are files and data sources now (files.<name>, CREATE DATABASE)",
};

export function unservedMessage(feature: UnservedFeature): string {
  return WHY[feature];
}
