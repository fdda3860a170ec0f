use relurl::w3lib::{canonicalize_url, Options};
fn main() {
    let urls: Vec<String> = serde_json::from_str(&std::fs::read_to_string("/tmp/canonfast-urls.json").unwrap()).unwrap();

    let filter = std::env::var("FILTER").unwrap_or_default();
    let urls: Vec<String> = urls
        .into_iter()
        .filter(|u| match filter.as_str() {
            "q" => u.contains('?'),
            "noq" => !u.contains('?'),
            _ => true,
        })
        .collect();
    let rounds: usize = std::env::args().nth(1).map_or(1, |a| a.parse().unwrap());
    let o = Options::default();
    let t = std::time::Instant::now();
    let mut total = 0;
    for _ in 0..rounds {
        for u in &urls {
            total += canonicalize_url(u, &o).map_or(0, |s| s.len());
        }
    }
    let el = t.elapsed();
    eprintln!(
        "{} urls x {} rounds: {:.1} ns/url (total {})",
        urls.len(),
        rounds,
        el.as_nanos() as f64 / (urls.len() * rounds) as f64,
        total
    );
}
