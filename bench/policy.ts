// Time to compile, translate and decompile a 50-state policy (DOMAIN §8's largest), after warm-up.
//   npm run bench:policy -w @tessera/bench
import { compilePolicy, decompilePolicy, translatePolicy } from '@tessera/domain';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { generateLargePolicy } from '@tessera/domain/policy-examples';

const text = generateLargePolicy(50);
const rounds = 500;

function perCall(run: () => unknown): number {
  for (let index = 0; index < 50; index += 1) run();
  const started = process.hrtime.bigint();
  for (let index = 0; index < rounds; index += 1) run();
  return Number(process.hrtime.bigint() - started) / 1e6 / rounds;
}

const compiled = compilePolicy(text);
if (!compiled.ok) throw new Error(`the generated policy does not compile: ${compiled.errors[0]?.code}`);
const policy = compiled.policy;
console.log(`50 states, ${text.length} characters, ${rounds} rounds after 50 warm-up calls (Node ${process.version})`);
console.log(`compile:   ${perCall(() => compilePolicy(text)).toFixed(3)} ms`);
console.log(`translate: ${perCall(() => translatePolicy(policy, 'zh_CN', seedTexts)).toFixed(3)} ms`);
console.log(`decompile: ${perCall(() => decompilePolicy(policy)).toFixed(3)} ms`);
