import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from '@machines/registry';
import { StatechartDiagram, statechartGraph } from '@/shared/dev';
import { listTransitions } from '../machines/coverage';

/**
 * Every registered machine is drawn with every state and transition of its definition
 * (counted from the definition, not from the drawing code), and a click shows what was chosen.
 */
const machines = Object.entries(machineRegistry) as [string, { machine: AnyStateMachine }][];

describe('statechart diagram', () => {
  it.each(machines)('%s: one box per state node, one arrow per transition', async (_name, { machine }) => {
    const { container, unmount } = render(<StatechartDiagram machine={machine} />);
    await screen.findByRole('group', { name: `Statechart diagram of ${machine.id}` }, { timeout: 15_000 });
    const states: string[] = [];
    const walk = (node: AnyStateMachine['root']) => {
      states.push([node.machine.id, ...node.path].join('.'));
      for (const child of Object.values(node.states)) walk(child as AnyStateMachine['root']);
    };
    walk(machine.root);
    const drawnStates = [...container.querySelectorAll('[data-state]')].map((el) => el.getAttribute('data-state'));
    expect(drawnStates).toEqual(states);
    expect(container.querySelectorAll('[data-transition]')).toHaveLength(listTransitions(machine).length);
    unmount();
  });

  it('a state or an arrow chosen (click or Enter) shows its details; the current state is marked', async () => {
    const { machine } = machineRegistry.login;
    const graph = statechartGraph(machine);
    const current = graph.vertices[1]!.id;
    render(<StatechartDiagram machine={machine} active={[current]} />);
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of login' });
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(details.textContent).toContain('Choose a state or an arrow');
    const currentBox = diagram.querySelector(`[data-state="${CSS.escape(current)}"]`)!;
    expect(currentBox.getAttribute('data-active')).toBe('true');
    expect(currentBox.querySelector('desc')?.textContent).toMatch(/, current$/);

    const edge = graph.edges[0]!;
    await userEvent.click(diagram.querySelector(`[data-transition="${CSS.escape(edge.id)}"]`)!);
    expect(details.textContent).toContain(`Event${edge.event}`);
    expect(details.textContent).toContain(`From${edge.source}`);

    const stateButton = diagram.querySelector(`[data-state="${CSS.escape(current)}"]`) as HTMLElement;
    act(() => stateButton.focus()); // focus pans the view (a state update)
    await userEvent.keyboard('{Enter}');
    expect(details.textContent).toContain(`State${current}`);
    expect(stateButton.getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(details.textContent).toContain('Choose a state or an arrow');

    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(diagram.getAttribute('data-scale')).toBe('1.25');
    await userEvent.click(screen.getByRole('button', { name: 'Reset view' }));
    expect(diagram.getAttribute('data-scale')).toBe('1');
  });

  it('a drag that starts on a state box pans (issue 45: only outside the root box) and chooses nothing; a press without moving chooses', async () => {
    const { machine } = machineRegistry.login;
    render(<StatechartDiagram machine={machine} />);
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of login' });
    const details = screen.getByRole('complementary', { name: 'Details' });
    const root = diagram.querySelector('[data-state="login"]')!;
    const before = diagram.getAttribute('data-view');
    fireEvent.pointerDown(root, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(root, { clientX: 160, clientY: 130, pointerId: 1 });
    fireEvent.pointerUp(root, { clientX: 160, clientY: 130, pointerId: 1 });
    fireEvent.click(root);
    const [x0, y0] = before!.split(' ').map(Number);
    expect(diagram.getAttribute('data-view')).toBe(`${x0! + 60} ${y0! + 30}`);
    expect(details.textContent).toContain('Choose a state or an arrow');
    fireEvent.pointerDown(root, { button: 0, clientX: 50, clientY: 50, pointerId: 2 });
    fireEvent.pointerMove(root, { clientX: 52, clientY: 51, pointerId: 2 });
    fireEvent.pointerUp(root, { clientX: 52, clientY: 51, pointerId: 2 });
    fireEvent.click(root);
    expect(details.textContent).toContain('State');
  });

  it('a state reached with Tab is panned into view; one pressed with the pointer is not moved (issue 45)', async () => {
    const { machine } = machineRegistry.login;
    render(<StatechartDiagram machine={machine} />);
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of login' });
    const view = () => diagram.getAttribute('data-view')!.split(' ').map(Number) as [number, number];
    // The frame measures nothing in jsdom: the drawing's own size is the frame. Pan it far away first.
    const root = diagram.querySelector('[data-state="login"]')!;
    fireEvent.pointerDown(root, { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(root, { clientX: -5000, clientY: -5000, pointerId: 1 });
    fireEvent.pointerUp(root, { clientX: -5000, clientY: -5000, pointerId: 1 });
    const away = view();
    const otp = diagram.querySelector('[data-state="login.enteringOtp"]') as HTMLElement;
    const rect = otp.querySelector('rect')!;
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    act(() => otp.focus());
    const [vx, vy] = view();
    expect([vx, vy]).not.toEqual(away);
    // Scale 1: the box is inside the drawing-sized frame, the margin kept (data-view is rounded to
    // whole pixels, a box's place is not: up to half a pixel either way).
    expect(vx + x!).toBeGreaterThanOrEqual(16 - 0.5);
    expect(vy + y!).toBeGreaterThanOrEqual(16 - 0.5);
    expect(width! * height!).toBeGreaterThan(0);
    // Panned away again, a press on another state focuses it without moving the view.
    fireEvent.pointerDown(root, { button: 0, clientX: 0, clientY: 0, pointerId: 2 });
    fireEvent.pointerMove(root, { clientX: -5000, clientY: -5000, pointerId: 2 });
    fireEvent.pointerUp(root, { clientX: -5000, clientY: -5000, pointerId: 2 });
    const before = view();
    const starting = diagram.querySelector('[data-state="login.starting"]') as HTMLElement;
    fireEvent.pointerDown(starting, { button: 0, clientX: 10, clientY: 10, pointerId: 3 });
    act(() => starting.focus());
    fireEvent.pointerUp(starting, { clientX: 10, clientY: 10, pointerId: 3 });
    expect(view()).toEqual(before);
  });

  it('the highlighted state (a live run’s) follows into view when it changes', async () => {
    const { machine } = machineRegistry.login;
    const { rerender } = render(<StatechartDiagram machine={machine} active={[]} />);
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of login' });
    const root = diagram.querySelector('[data-state="login"]')!;
    fireEvent.pointerDown(root, { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(root, { clientX: 5000, clientY: 5000, pointerId: 1 });
    fireEvent.pointerUp(root, { clientX: 5000, clientY: 5000, pointerId: 1 });
    const away = diagram.getAttribute('data-view');
    rerender(<StatechartDiagram machine={machine} active={['login', 'login.enteringSms']} />);
    const rect = diagram.querySelector('[data-state="login.enteringSms"] rect')!;
    const [vx, vy] = diagram.getAttribute('data-view')!.split(' ').map(Number);
    expect(diagram.getAttribute('data-view')).not.toBe(away);
    expect(vx! + Number(rect.getAttribute('x'))).toBeGreaterThanOrEqual(16);
    expect(vy! + Number(rect.getAttribute('y'))).toBeGreaterThanOrEqual(16);
  });

  it('a state with a screen is marked, and its details link to the story that shows it', async () => {
    const { machine, screens } = machineRegistry.login;
    render(<StatechartDiagram machine={machine} screens={screens!} />);
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of login' });
    const otp = diagram.querySelector('[data-state="login.enteringOtp"]') as HTMLElement;
    expect(otp.querySelector('desc')?.textContent).toContain('has a screen');
    expect(diagram.querySelector('[data-state="login.starting"] desc')?.textContent).not.toContain('has a screen');
    await userEvent.click(otp);
    const link = screen.getByRole('link', { name: 'See the screen of enteringOtp' });
    expect(link.getAttribute('href')).toBe('./?path=/story/features-login-states--one-time-code');
    expect(link.getAttribute('target')).toBe('_top');
  });
});
