// Decompiler: compiled form → canonical policy text. Compiling the result gives back the same form
// (eventIds aside: they derive from the text, and the canonical text has no comments).
import type { CompiledPolicy, CompiledState, PolicyEventCall } from './types';

/** The arguments as the text writes them, in order. */
export function eventArguments(transition: PolicyEventCall): string[] {
  switch (transition.name) {
    case 'TransactionEvent':
      return [transition.args.amount, transition.args.account];
    case 'RelativeTimeEvent':
      return [String(transition.args.elapsed), transition.args.timeUnit];
    case 'TimeEvent':
      return [transition.args.dateTime];
    case 'CycleEndEvent':
      return [String(transition.args.cycleCount), transition.args.timeUnit];
  }
}

/** One transition statement: `~freelog.Name("arg","arg") => target`. */
export function transitionStatement(event: string, args: readonly string[], target: string): string {
  return `~freelog.${event}(${args.map((arg) => `"${arg}"`).join(',')}) => ${target}`;
}

export function stateHeader(name: string, serviceStates: readonly string[]): string {
  return serviceStates.length > 0 ? `${name}[${serviceStates.join(', ')}]:` : `${name}:`;
}

/** A state block: its header, then each statement on its own line indented by two spaces. */
export function stateBlock(header: string, statements: readonly string[]): string {
  return [header, ...statements.map((statement) => `  ${statement}`)].join('\n');
}

function stateText(name: string, state: CompiledState, always: readonly string[]): string {
  const own = state.serviceStates.filter((serviceState) => !always.includes(serviceState));
  const body = state.isTerminate
    ? ['terminate']
    : state.transitions.map((transition) =>
        transitionStatement(transition.name, eventArguments(transition), transition.toState),
      );
  return stateBlock(stateHeader(name, own), body);
}

export function audienceLine(audiences: readonly string[]): string {
  return `for ${audiences.join(', ')}`;
}

/**
 * The canonical text: the audience line, one `always` line per always-granted service state, then each
 * state separated by a blank line with its statements indented by two spaces.
 */
export function decompilePolicy(policy: CompiledPolicy): string {
  const { audiences, alwaysServiceStates } = policy.fsmDeclarationInfo;
  const head = [audienceLine(audiences.map((audience) => audience.name))];
  for (const serviceState of alwaysServiceStates) head.push(`always ${serviceState}`);
  const states = Object.entries(policy.fsmDescriptionInfo).map(([name, state]) =>
    stateText(name, state, alwaysServiceStates),
  );
  return [head.join('\n'), ...states].join('\n\n');
}
