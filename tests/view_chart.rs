//! The line chart's geometry and tick labels (`chanscope::view::chart`): pure functions, tested
//! natively; the browser tests check the chart they draw (`tests/browser/table_and_chart.rs`).

use chanscope::view::chart::{
    key_move, line_path, nearest_slot, nice_step, nice_ticks, tick_labels, x_tick_indices,
};

#[test]
fn tick_labels_stay_distinct() {
    // Compact as long as neighbours differ.
    assert_eq!(
        tick_labels(&[-500.0, 0.0, 500.0, 1000.0, 1500.0]),
        ["-500", "0", "500", "1K", "1.5K"]
    );
    assert_eq!(
        tick_labels(&[0.0, 2_000_000.0, 4_000_000.0]),
        ["0", "2M", "4M"]
    );
    // A narrow range of a large count needs more decimals of the unit.
    assert_eq!(
        tick_labels(&[4300.0, 4350.0, 4400.0, 4450.0]),
        ["4.3K", "4.35K", "4.4K", "4.45K"]
    );
    assert_eq!(
        tick_labels(&[1_234_000.0, 1_234_500.0, 1_235_000.0]),
        ["1.234M", "1.2345M", "1.235M"]
    );
}

#[test]
fn chart_geometry() {
    assert_eq!(nice_step(0.0), 1.0);
    assert_eq!(nice_step(1.3), 2.0);
    assert_eq!(nice_step(3.0), 5.0);
    assert_eq!(nice_step(7.0), 10.0);
    assert_eq!(nice_step(0.03), 0.05);
    assert_eq!(nice_ticks(0.0, 97.0, 5), [0.0, 50.0, 100.0]);
    assert_eq!(
        nice_ticks(3.0, 97.0, 6),
        [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    );
    assert_eq!(
        nice_ticks(-120.0, 30.0, 5),
        [-150.0, -100.0, -50.0, 0.0, 50.0]
    );
    assert_eq!(nice_ticks(0.0, 0.0, 5), [-1.0, -0.5, 0.0, 0.5, 1.0]);
    assert_eq!(
        nice_ticks(1000.0, 1000.0, 5),
        [900.0, 950.0, 1000.0, 1050.0, 1100.0]
    );
    assert_eq!(x_tick_indices(0, 6), Vec::<usize>::new());
    assert_eq!(x_tick_indices(1, 6), [0]);
    assert_eq!(x_tick_indices(3, 6), [0, 1, 2]);
    assert_eq!(x_tick_indices(31, 6), [0, 6, 12, 18, 24, 30]);
    assert_eq!(x_tick_indices(10, 2), [0, 9]);
    assert_eq!(line_path(&[(1.0, 2.0), (3.25, 4.0)]), "M1.0 2.0 L3.2 4.0");
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 14.0), Some(1));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 16.0), Some(2));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], -5.0), Some(0));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 99.0), Some(2));
    assert_eq!(nearest_slot(&[], 1.0), None);
    assert_eq!(key_move("ArrowRight", None, 3), Some(Some(0)));
    assert_eq!(key_move("ArrowLeft", None, 3), Some(Some(2)));
    assert_eq!(key_move("ArrowLeft", Some(0), 3), Some(Some(0)));
    assert_eq!(key_move("End", Some(0), 3), Some(Some(2)));
    assert_eq!(key_move("Escape", Some(1), 3), Some(None));
    assert_eq!(key_move("a", Some(1), 3), None);
    assert_eq!(key_move("Home", None, 0), None);
}
