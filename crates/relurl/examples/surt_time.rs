//! scratch timing
fn main() {
    let u = b"https://www.adac.de/rund-ums-fahrzeug/tests/kindersicherheit/kindersitztest-2018/?b=1&a=2";
    let o = relurl::surt::Options::default();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..1_000_000 {
        n += relurl::surt::surt(std::hint::black_box(u), &o).unwrap().len();
    }
    println!("{:?} per call {n}", t.elapsed() / 1_000_000);
}
