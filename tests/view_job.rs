use chanscope::view::job::{
    needs_confirmation, time_left_ms, whole_seconds, DEFAULT_CONFIRM_ABOVE, MAX_IN_FLIGHT,
};

#[test]
fn confirmation_is_asked_above_the_threshold_only() {
    assert_eq!(DEFAULT_CONFIRM_ABOVE, 20);
    assert!(!needs_confirmation(20, 20));
    assert!(needs_confirmation(21, 20));
    assert!(needs_confirmation(1, 0));
    assert!(!needs_confirmation(0, 0));
    assert_eq!(MAX_IN_FLIGHT, 3);
}

#[test]
fn time_left_follows_the_pace_so_far() {
    // 4 of 21 requests in 2 s: 17 left at 0.5 s each.
    assert_eq!(time_left_ms(4, 21, 2_000.0), Some(8_500.0));
    assert_eq!(time_left_ms(0, 21, 2_000.0), None);
    assert_eq!(time_left_ms(21, 21, 9_000.0), Some(0.0));
    assert_eq!(time_left_ms(3, 4, f64::NAN), None);
    assert_eq!(whole_seconds(8_500.0), 9);
    assert_eq!(whole_seconds(8_000.0), 8);
    assert_eq!(whole_seconds(-5.0), 0);
}
