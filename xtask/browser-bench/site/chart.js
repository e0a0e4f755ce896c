// The plain-DOM reference for the subscriber chart: one SVG path through every record of the
// answer (oldest on the left), with the first and last periods and the smallest and largest
// counts as axis labels.
import { renderOnSubmit, svgEl } from "./plain.js";

const chart = document.querySelector("#chart");
const numbers = new Intl.NumberFormat("en");
const [WIDTH, HEIGHT, LEFT, BOTTOM] = [900, 320, 70, 24];

renderOnSubmit("#show", (response, status) => {
  // The API lists the newest period first.
  const records = [...response].reverse();
  const counts = records.map((r) => Number(r.participants_count));
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  const x = (i) => LEFT + (i * (WIDTH - LEFT)) / Math.max(records.length - 1, 1);
  const y = (n) => (HEIGHT - BOTTOM) * (1 - (n - low) / Math.max(high - low, 1));
  const d = counts.map((n, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(n).toFixed(1)}`).join(" ");
  const last = records.length - 1;
  status.textContent = `${records.length} periods`;
  const box = { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, role: "img" };
  chart.replaceChildren(
    svgEl("svg", box, [
      svgEl("line", { x1: LEFT, y1: HEIGHT - BOTTOM, x2: WIDTH, y2: HEIGHT - BOTTOM }, []),
      svgEl("line", { x1: LEFT, y1: 0, x2: LEFT, y2: HEIGHT - BOTTOM }, []),
      svgEl("text", { x: LEFT - 6, y: 12, "text-anchor": "end" }, [numbers.format(high)]),
      svgEl("text", { x: LEFT - 6, y: HEIGHT - BOTTOM, "text-anchor": "end" }, [numbers.format(low)]),
      svgEl("text", { x: LEFT, y: HEIGHT - 6 }, [records[0]?.period ?? ""]),
      svgEl("text", { x: WIDTH, y: HEIGHT - 6, "text-anchor": "end" }, [records[last]?.period ?? ""]),
      svgEl("path", { d }, []),
    ]),
  );
});
