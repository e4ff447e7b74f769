import { barChart } from '../src/views/bar-chart';

const heights = (svg: string) => [...svg.matchAll(/height="([\d.]+)"/g)].map((match) => Number(match[1]));
const labels = (svg: string) => [...svg.matchAll(/text-anchor="middle">([^<]+)</g)].map((match) => match[1]);

describe('the server-drawn bar chart', () => {
  it('scales to its tallest bar, however small the unit', () => {
    const svg = String(
      barChart('ETH received per day', [
        { label: '2026-11-26', value: 0, text: '0 ETH' },
        { label: '2026-11-27', value: 0.00328321, text: '0.00328321 ETH' },
        { label: '2026-11-28', value: 0.0016416, text: '0.0016416 ETH' },
      ]),
    );
    const [empty, tallest, half] = heights(svg);
    expect(empty).toBe(0);
    expect(tallest).toBe(134);
    expect(half).toBeCloseTo(67, 0);
    expect(svg).toContain('<text class="scale" x="0" y="12">0.00328321 ETH</text>');
  });

  it('draws no bar and no scale when every day is empty', () => {
    const svg = String(barChart('Payments per day', [{ label: '2026-11-27', value: 0, text: '0' }]));
    expect(heights(svg)).toEqual([0]);
    expect(svg).not.toContain('class="scale"');
  });

  it('labels every other day counted back from the latest, so today is always named', () => {
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    const svg = String(
      barChart(
        'Payments per day',
        days.map((label) => ({ label, value: 1, text: '1' })),
      ),
    );
    expect(labels(svg)).toEqual(['11-25', '11-27']);
  });
});
