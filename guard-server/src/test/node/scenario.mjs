// One client scenario against a base URL (guard serve, or the provider emulator directly); prints one
// JSON line: {ok, status, errorClass, errorMessage, text, fetches, sent}. Run by NodeClientsTest:
//   node scenario.mjs <openai|anthropic|vercel> <scenario> <rootUrl>
// fetches counts the HTTP calls the SDK made (a retried 400 would show 2 or more); sent is the last
// request body the SDK wrote, as text, so the test can compare it with what the provider received.
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { generateText, streamText, jsonSchema, tool } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';

const [sdk, scenario, root] = process.argv.slice(2);
let fetches = 0;
let sent = null;
const countingFetch = async (url, init) => {
  fetches++;
  if (init && typeof init.body === 'string') sent = init.body;
  return fetch(url, init);
};

// A window memory that kept the tool result but cut away the call it answers.
const openAiOrphan = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'tool', tool_call_id: 'call_weather_1', content: '22 degrees' },
  { role: 'user', content: 'And tomorrow?' },
];
// A turn the user interrupted: the model asked for a tool, the user spoke again before its result.
const openAiInterrupted = [
  { role: 'user', content: 'What is the weather in Paris?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_weather_2', type: 'function',
      function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'user', content: 'Never mind, tell me a joke.' },
];
const anthropicOrphan = [
  { role: 'user', content: [
      { type: 'tool_result', tool_use_id: 'toolu_weather_1', content: '22 degrees' },
      { type: 'text', text: 'And tomorrow?' }] },
];
const anthropicInterrupted = [
  { role: 'user', content: 'What is the weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_weather_2', name: 'weather', input: { city: 'Paris' } }] },
  { role: 'user', content: 'Never mind, tell me a joke.' },
];
const weatherTool = { type: 'function', function: { name: 'weather', parameters: { type: 'object',
    properties: { city: { type: 'string' } } } } };

async function openai() {
  const client = new OpenAI({ baseURL: root + '/v1', apiKey: 'sk-node-test', fetch: countingFetch });
  const model = 'gpt-4o-mini';
  switch (scenario) {
    case 'orphan':
      return text(await client.chat.completions.create({ model, messages: openAiOrphan, tools: [weatherTool] }));
    case 'interrupted':
      return text(await client.chat.completions.create({ model, messages: openAiInterrupted, tools: [weatherTool] }));
    case 'stream': {
      const stream = await client.chat.completions.create({ model, stream: true,
        messages: [{ role: 'user', content: 'Hello' }] });
      let out = '';
      for await (const chunk of stream) out += chunk.choices[0]?.delta?.content ?? '';
      return { text: out };
    }
    case 'pass-through':
      return text(await client.chat.completions.create({ model, temperature: 0.7, max_completion_tokens: 64,
        tools: [weatherTool], messages: [{ role: 'user', content: 'Café ☃ "quoted" \u2028 line' }],
        metadata: { 'customer': 'ünïcode' } }));
    case 'parallel': {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        client.chat.completions.create({ model, messages: [{ role: 'user', content: 'conversation ' + i }] },
          { headers: { 'X-Ordering-Guard-Conversation': 'node-conv-' + i } })));
      return { text: String(answers.filter(a => a.choices[0].message.content).length) };
    }
  }
  throw new Error('unknown scenario ' + scenario);
}

async function anthropic() {
  const client = new Anthropic({ baseURL: root, apiKey: 'sk-ant-node-test', fetch: countingFetch });
  const model = 'claude-sonnet-4-5';
  const tools = [{ name: 'weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];
  switch (scenario) {
    case 'orphan':
      return anthropicText(await client.messages.create({ model, max_tokens: 256, tools, messages: anthropicOrphan }));
    case 'interrupted':
      return anthropicText(await client.messages.create({ model, max_tokens: 256, tools, messages: anthropicInterrupted }));
    case 'stream': {
      const stream = client.messages.stream({ model, max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] });
      let out = '';
      stream.on('text', t => { out += t; });
      await stream.finalMessage();
      return { text: out };
    }
    case 'pass-through':
      return anthropicText(await client.messages.create({ model, max_tokens: 64, system: [{ type: 'text',
        text: 'Be brief.', cache_control: { type: 'ephemeral' } }], tools,
        messages: [{ role: 'user', content: 'Café ☃ "quoted"' }] }));
  }
  throw new Error('unknown scenario ' + scenario);
}

async function vercel() {
  const provider = createOpenAI({ baseURL: root + '/v1', apiKey: 'sk-vercel-test', fetch: countingFetch });
  const model = provider.chat('gpt-4o-mini');
  const tools = { weather: tool({ description: 'weather', inputSchema: jsonSchema({ type: 'object',
      properties: { city: { type: 'string' } } }) }) };
  switch (scenario) {
    case 'orphan': {
      const r = await generateText({ model, tools, messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_weather_1', toolName: 'weather',
            output: { type: 'text', value: '22 degrees' } }] },
        { role: 'user', content: 'And tomorrow?' }] });
      return { text: r.text };
    }
    case 'interrupted': {
      const r = await generateText({ model, tools, messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_weather_2', toolName: 'weather',
            input: { city: 'Paris' } }] },
        { role: 'user', content: 'Never mind, tell me a joke.' }] });
      return { text: r.text };
    }
    case 'stream': {
      const r = streamText({ model, prompt: 'Hello', onError: () => {} });
      let out = '';
      for await (const t of r.textStream) out += t;
      return { text: out };
    }
    case 'pass-through': {
      const r = await generateText({ model, prompt: 'Café ☃ "quoted"', temperature: 0.5 });
      return { text: r.text };
    }
  }
  throw new Error('unknown scenario ' + scenario);
}

function text(completion) {
  return { text: completion.choices[0].message.content };
}

function anthropicText(message) {
  return { text: message.content.filter(b => b.type === 'text').map(b => b.text).join('') };
}

const run = { openai, anthropic, vercel }[sdk];
let result;
try {
  result = { ok: true, ...(await run()) };
} catch (e) {
  result = { ok: false, status: e.status ?? e.statusCode ?? null, errorClass: e.constructor?.name ?? typeof e,
    errorMessage: String(e.message ?? e), retryable: e.isRetryable ?? null };
}
result.fetches = fetches;
result.sent = sent;
process.stdout.write(JSON.stringify(result) + '\n');
