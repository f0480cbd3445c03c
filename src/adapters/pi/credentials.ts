/**
 * The provider keys pi reads from the environment (`pi --help`, "Environment Variables", pi
 * 1.6.0). With --endpoint pi talks to the "hmux" provider in its isolated models.json, keyed
 * with HMUX_ENDPOINT_API_KEY (endpoint.ts); every vendor key is withheld, so none can be sent
 * to that server. General cloud credentials (AWS_PROFILE, AWS_ACCESS_KEY_ID) stay: the agent's
 * shell commands may need them and pi sends them only to Bedrock, which an endpoint replaces.
 */
export const credentialEnv: readonly string[] = [
  "ANTHROPIC_AUTH_TOKEN",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_OAUTH_TOKEN",
  "ANT_LING_API_KEY",
  "OPENAI_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "DEEPSEEK_API_KEY",
  "NVIDIA_API_KEY",
  "GEMINI_API_KEY",
  "GROQ_API_KEY",
  "CEREBRAS_API_KEY",
  "XAI_API_KEY",
  "FIREWORKS_API_KEY",
  "TOGETHER_API_KEY",
  "BASETEN_API_KEY",
  "OPENROUTER_API_KEY",
  "AI_GATEWAY_API_KEY",
  "ZAI_API_KEY",
  "ZAI_CODING_CN_API_KEY",
  "MISTRAL_API_KEY",
  "MINIMAX_API_KEY",
  "MOONSHOT_API_KEY",
  "OPENCODE_API_KEY",
  "KIMI_API_KEY",
  "META_API_KEY",
  "CLOUDFLARE_API_KEY",
  "QWEN_TOKEN_PLAN_TEAM_API_KEY",
  "QWEN_TOKEN_PLAN_TEAM_CN_API_KEY",
  "QWEN_TOKEN_PLAN_INDIVIDUAL_API_KEY",
  "QWEN_TOKEN_PLAN_INDIVIDUAL_CN_API_KEY",
  "XIAOMI_API_KEY",
  "XIAOMI_TOKEN_PLAN_CN_API_KEY",
  "XIAOMI_TOKEN_PLAN_AMS_API_KEY",
  "XIAOMI_TOKEN_PLAN_SGP_API_KEY",
  "AWS_BEARER_TOKEN_BEDROCK",
];
