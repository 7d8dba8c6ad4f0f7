#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::read_itc2019_solution(data));
