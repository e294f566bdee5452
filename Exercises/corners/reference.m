#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface CornersViewController : UIViewController
@end

@implementation CornersViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *thing1 = [[UILabel alloc] init];
    thing1.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:thing1];
    UILabel *thing2 = [[UILabel alloc] init];
    thing2.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:thing2];
    NSDictionary *views = NSDictionaryOfVariableBindings(thing1, thing2);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[thing1]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[thing1]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:[thing2]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[thing2]-|" options:0 metrics:nil views:views]];
}

@end
