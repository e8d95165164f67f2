//! A dense Cholesky solver for the Newton steps (the systems are small: players + 2).

/// Solves `A x = b` for a symmetric positive definite `A` (row-major, `m × m`).
///
/// Returns `None` if `A` is not numerically positive definite. The operation order is
/// fixed, so equal inputs give bit-identical outputs.
pub(crate) fn cholesky_solve(a: &[f64], b: &[f64]) -> Option<Vec<f64>> {
    let m = b.len();
    debug_assert_eq!(a.len(), m * m);
    // Lower-triangular factor L with A = L Lᵀ, row-major.
    let mut l = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..=i {
            let mut sum = a[i * m + j];
            for k in 0..j {
                sum -= l[i * m + k] * l[j * m + k];
            }
            if i == j {
                if !(sum > 0.0 && sum.is_finite()) {
                    return None;
                }
                l[i * m + i] = sum.sqrt();
            } else {
                l[i * m + j] = sum / l[j * m + j];
            }
        }
    }
    // Forward substitution L y = b, then back substitution Lᵀ x = y.
    let mut y = vec![0.0; m];
    for i in 0..m {
        let mut sum = b[i];
        for k in 0..i {
            sum -= l[i * m + k] * y[k];
        }
        y[i] = sum / l[i * m + i];
    }
    let mut x = vec![0.0; m];
    for i in (0..m).rev() {
        let mut sum = y[i];
        for k in i + 1..m {
            sum -= l[k * m + i] * x[k];
        }
        x[i] = sum / l[i * m + i];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_spd_system() {
        let a = [4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 2.0];
        let x_true = [1.0, -2.0, 0.5];
        let b: Vec<f64> = (0..3)
            .map(|i| (0..3).map(|j| a[i * 3 + j] * x_true[j]).sum())
            .collect();
        let x = cholesky_solve(&a, &b).unwrap();
        for (got, want) in x.iter().zip(x_true) {
            assert!((got - want).abs() < 1e-12);
        }
    }

    #[test]
    fn rejects_an_indefinite_matrix() {
        assert_eq!(cholesky_solve(&[1.0, 2.0, 2.0, 1.0], &[1.0, 1.0]), None);
        assert_eq!(cholesky_solve(&[0.0], &[1.0]), None);
    }
}
